"""A slower processor for the benchmarks' phone: the page's thread and its workers' alike.

Chromium's DevTools throttling (``Emulation.setCPUThrottlingRate``) slows the page's main thread only: the
game's Python runs in a worker, where it does not reach, and a worker's own target refuses it ("Operation is
only supported for pages, not workers"). So the page is slowed by the DevTools protocol, as Lighthouse does,
and each dedicated worker's thread is put into a cgroup (the v1 ``cpu`` controller: root, and a writable
/sys/fs/cgroup/cpu) that gives it at most 1/rate of a core, before its first line runs: the worker is made
to wait for the debugger (``Target.setAutoAttach`` with ``waitForDebuggerOnStart``), its thread is moved,
and it is let go (``Runtime.runIfWaitingForDebugger``). Only threads of the browser this process launched are
touched. ``loop_ms`` in bench/phone_speed.py shows that the slow-down reaches the worker: a fixed Python loop
timed there, throttled and not.
"""

from __future__ import annotations

import json
import os
import time

CGROUP = "/sys/fs/cgroup/cpu"
PERIOD_US = 10_000


def descendants(pid: int) -> list[int]:
    """This process's descendants (the browser Playwright launched for us, never another's)."""
    kids: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            kids.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        q = todo.pop()
        out.append(q)
        todo += kids.get(q, [])
    return out


def worker_threads() -> list[int]:
    """The thread ids of our renderers' dedicated workers."""
    found = []
    for pid in descendants(os.getpid()):
        try:
            with open(f"/proc/{pid}/cmdline") as f:
                if "--type=renderer" not in f.read():
                    continue
            for tid in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{tid}/comm") as f:
                    if f.read().startswith("DedicatedWorker"):
                        found.append(int(tid))
        except OSError:
            continue
    return found


def available() -> bool:
    """Whether workers can be throttled here (a writable cgroup v1 cpu controller)."""
    return os.path.isdir(CGROUP) and os.access(CGROUP, os.W_OK)


class Throttle:
    """The page (``cdp``, its DevTools session) and every worker it starts, at ``rate`` times slower."""

    def __init__(self, cdp, rate: float, on_worker=None):
        """``on_worker(throttle, session_id, target_info)``, if given, is called for each dedicated worker the page
        starts, while it still waits for the debugger (bench/boot_profile.py starts its CPU profile there)."""
        self.cdp = cdp
        self.rate = rate
        self.path: str | None = None
        self.moved: list[int] = []
        self.next_id = 5000
        self.on_worker = on_worker
        if rate > 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            if not available():
                print(f"bench: workers are not slowed ({CGROUP} is not writable): the figures would be the page's "
                      "only", flush=True)
            else:
                self.path = f"{CGROUP}/mt-bench-{os.getpid()}-{id(self)}"
                os.makedirs(self.path, exist_ok=True)
                with open(f"{self.path}/cpu.cfs_period_us", "w") as f:
                    f.write(str(PERIOD_US))
                with open(f"{self.path}/cpu.cfs_quota_us", "w") as f:
                    f.write(str(int(PERIOD_US / rate)))
                self._move(worker_threads())   # workers already running (a page throttled once Python is ready)
        if self.path or on_worker:
            cdp.on("Target.attachedToTarget", self._attached)
            cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})

    def _move(self, tids: list[int]) -> None:
        for tid in tids:
            try:
                with open(f"{self.path}/tasks", "w") as f:
                    f.write(str(tid))
                self.moved.append(tid)
            except OSError:
                pass

    def _attached(self, event) -> None:
        worker = event["targetInfo"]["type"] == "worker"
        if worker and self.path:
            new: list[int] = []
            for _ in range(200):
                new = [t for t in worker_threads() if t not in self.moved]
                if new:
                    break
                time.sleep(0.005)
            self._move(new)
        if worker and self.on_worker:
            self.on_worker(self, event["sessionId"], event["targetInfo"])
        self.send_to(event["sessionId"], "Runtime.runIfWaitingForDebugger")

    def send_to(self, session_id: str, method: str, params: dict | None = None) -> int:
        """Send a DevTools command to an attached worker; its answer comes as Target.receivedMessageFromTarget with
        the id returned here."""
        self.next_id += 1
        self.cdp.send("Target.sendMessageToTarget", {"sessionId": session_id, "message": json.dumps(
            {"id": self.next_id, "method": method, "params": params or {}})})
        return self.next_id

    def close(self) -> None:
        """Let every thread go back to the root group and remove the group; the page's own pace back to 1x."""
        if self.rate > 1:
            try:
                self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
            except Exception:  # noqa: BLE001 - the page may be gone
                pass
        if not self.path:
            return
        try:
            with open(f"{self.path}/tasks") as f:
                left = [line.strip() for line in f if line.strip()]
            for tid in left:
                try:
                    with open(f"{CGROUP}/tasks", "w") as f:
                        f.write(tid)
                except OSError:
                    pass
        except OSError:
            pass
        for _ in range(50):   # a worker's thread may take a moment to end after its page closed
            try:
                os.rmdir(self.path)
                return
            except OSError:
                time.sleep(0.1)
