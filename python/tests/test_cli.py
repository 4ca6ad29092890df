"""The package against `certune analyze --json` (the binary, through its own
report code) on every shipped instance and family: same breakpoints
(certificates, bounds, approximations, kinds, changes), losses, minimum and
representative; loss_at agrees with the losses at rational points of every
piece, at exact rational breakpoints and at the ends."""

import glob
import json
import os
import re
import subprocess
import unittest
from fractions import Fraction

import certune
from common import CLI, INSTANCES, cli_env


def cli_json(family, files, c=None, score_all=False):
    cmd = [CLI, "analyze", "--family", family, "--json"] + (["--c", c] if c else []) + \
        (["--score", "all"] if score_all else []) + files
    r = subprocess.run(cmd, capture_output=True, text=True, env=cli_env())
    return r.returncode, (json.loads(r.stdout) if r.stdout else None)


def delta_c(path):
    m = re.search(r"-c(\d+)_(\d+)\.gssl$", path)
    return f"{m.group(1)}/{m.group(2)}" if m else None


@unittest.skipUnless(os.access(CLI, os.X_OK), f"no certune binary at {CLI}")
class AgainstCli(unittest.TestCase):
    def compare(self, family, files, c=None, score_all=False):
        rc, j = cli_json(family, files, c, score_all)
        if rc == 3:
            with self.assertRaises(certune.UndecidedError):
                certune.analyze(files, family=family, c=c, score_all=score_all)
            return
        self.assertEqual(rc, 0)
        p = certune.analyze(files, family=family, c=c, score_all=score_all)
        self.assertEqual(p.family, j["family"])
        self.assertEqual(p.c, None if j["c"] is None else Fraction(j["c"]))
        self.assertEqual((p.n_instances, p.n_scored), (j["instances"], j["scored_nodes"]))
        self.assertEqual(p.closed, j["domain"]["lo_closed"])
        self.assertEqual(len(p.breakpoints), len(j["breakpoints"]))
        for b, jb in zip(p.breakpoints, j["breakpoints"]):
            self.assertEqual(b.exact, jb["exact"])
            self.assertEqual((b.lo, b.hi), (Fraction(jb["lo"]), Fraction(jb["hi"])))
            self.assertEqual(b.approx, float(jb["approx"]))
            self.assertEqual((b.changes, b.jump), (jb["changes"], jb["kind"] == "jump"))
            self.assertLessEqual(b.lo, b.hi)
        self.assertEqual([q.loss for q in p.pieces], [Fraction(x["loss"]) for x in j["pieces"]])
        self.assertEqual([b.loss for b in p.breakpoints], [Fraction(x) for x in j["point_losses"]])
        if p.closed:
            self.assertEqual(p.end_losses, (Fraction(j["end_losses"]["lo"]),
                                            Fraction(j["end_losses"]["hi"])))
        self.assertEqual(p.loss_pieces, j["loss_pieces"])
        m = j["minimum"]
        self.assertEqual(p.min_loss, Fraction(m["loss"]))
        self.assertEqual((p.minimum.pieces, p.minimum.points), (m["pieces"], m["points"]))
        self.assertEqual(list(p.minimum.ends), m.get("ends", []))
        self.assertEqual(p.representative, Fraction(m["representative"]))
        self.check_loss_at(p)

    def check_loss_at(self, p):
        for q in p.pieces:
            x = p.piece_point(q.index)
            self.assertTrue((q.left is None or x > q.left.hi) and (q.right is None or x < q.right.lo))
            self.assertEqual(p.loss_at(x), q.loss)
        for b in p.breakpoints:
            if b.lo == b.hi:
                self.assertEqual(p.loss_at(b.lo), b.loss)
        if p.closed:
            self.assertEqual((p.loss_at(0), p.loss_at(1)), p.end_losses)

    def test_every_instance_every_family(self):
        files = sorted(glob.glob(os.path.join(INSTANCES, "*.gssl")))
        self.assertGreaterEqual(len(files), 20)
        for f in files:
            for family in ("lambda", "alpha", "delta"):
                with self.subTest(file=os.path.basename(f), family=family):
                    self.compare(family, [f], delta_c(f) if family == "delta" else None)

    def test_random_together(self):
        files = sorted(glob.glob(os.path.join(INSTANCES, "random-*.gssl")))
        for family in ("lambda", "alpha", "delta"):
            with self.subTest(family=family):
                self.compare(family, files)
                self.compare(family, files, score_all=True)
        self.compare("delta", files, c="1/3")


if __name__ == "__main__":
    unittest.main()
