"""Friends on their own devices: the browser tests, run in a network namespace that has only loopback.

This machine's only allowed test traffic is loopback, and WebRTC would otherwise gather every address of the
machine. So this test starts ``e2e/friends_cases.py`` under ``unshare -n`` (a new network namespace, as root)
after ``ip link set lo up``: there the page's server, Debian's Chromium and every data channel see nothing but
127.0.0.1. The cases open real data channels between browser contexts (no stand-in transport).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_friends_play_a_round_over_real_data_channels_in_a_loopback_only_namespace():
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        pytest.fail("unshare (util-linux) and ip (iproute2) are needed for the friends' tests")
    inner = (f"ip link set lo up && exec {sys.executable} -m pytest -q -p no:cacheprovider "
             "e2e/friends_cases.py")
    done = subprocess.run(["unshare", "-n", "sh", "-c", inner], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, env={**os.environ, "MT_FRIENDS_NETNS": "1"})
    print(done.stdout[-6000:], done.stderr[-3000:])
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
