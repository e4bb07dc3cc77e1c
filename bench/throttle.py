"""A slower processor for the benchmarks' phone: the page's thread and its workers' alike.

Chromium's DevTools throttling (``Emulation.setCPUThrottlingRate``) slows the page's main thread only: the
game's Python runs in a worker, where it does not reach, and a worker's own target refuses it ("Operation is
only supported for pages, not workers"). So the page is slowed by the DevTools protocol, as Lighthouse does,
and each dedicated worker's thread is put into a cgroup (the v1 ``cpu`` controller: root, and a writable
/sys/fs/cgroup/cpu) that gives it at most 1/rate of a core, before its first line runs: the worker is made
to wait for the debugger (``Target.setAutoAttach`` with ``waitForDebuggerOnStart``), its thread is moved,
and it is let go (``Runtime.runIfWaitingForDebugger``). Only threads of the browser this process launched are
touched. ``loop_check`` in bench/phone_speed.py shows that the slow-down reaches the worker: a fixed Python loop
timed there, throttled and not.

DevTools' throttle slows the page's thread by making it spin (Blink's ThreadCPUThrottler): every 0.2 ms a thread
of the renderer signals it, and it busy-waits (rate - 1) times the wall time since its last wait (at most 1 ms).
So the page's thread takes a whole core even when it has nothing to do, and on a machine of 2 cores that leaves
one core for everything else: the workers, V8's compilers and collectors, the service worker, the GPU process,
this benchmark's server. When those want more than that core the kernel takes turns with the page's thread too,
and the time it waited for a core is counted as time it ran and spun for again (rate - 1) times over: its tasks
grow by how busy the rest of the machine is, which a phone's page (8 cores) does not see. ``own_core=True`` keeps
DevTools' throttle and gives the throttled renderer's main thread (and the throttle's own thread) the first core
to itself, every other thread of this process and of the browser it launched the others (``CorePinner``): the
page's thread 4 times slower and never waiting for a core, the rest of the machine one core smaller than before.
"""

from __future__ import annotations

import dataclasses
import json
import os
import threading
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


def renderer_threads(name: str) -> list[tuple[int, int]]:
    """(process id, thread id) of each thread of our renderers whose name begins with ``name``."""
    found = []
    for pid in descendants(os.getpid()):
        try:
            with open(f"/proc/{pid}/cmdline") as f:
                if "--type=renderer" not in f.read():
                    continue
            for tid in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{tid}/comm") as f:
                    if f.read().startswith(name):
                        found.append((pid, int(tid)))
        except OSError:
            continue
    return found


def worker_threads() -> list[int]:
    """The thread ids of our renderers' dedicated workers."""
    return [tid for _, tid in renderer_threads("DedicatedWorker")]


def available() -> bool:
    """Whether workers can be throttled here (a writable cgroup v1 cpu controller)."""
    return os.path.isdir(CGROUP) and os.access(CGROUP, os.W_OK)


class Throttle:
    """The page (``cdp``, its DevTools session) and every worker it starts, at ``rate`` times slower."""

    def __init__(self, cdp, rate: float, on_worker=None, own_core: bool = False):
        """``on_worker(throttle, session_id, target_info)``, if given, is called for each dedicated worker the page
        starts, while it still waits for the debugger (bench/boot_profile.py starts its CPU profile there);
        ``own_core``: the throttled page's thread on a core of its own (the module's docstring)."""
        self.cdp = cdp
        self.rate = rate
        self.path: str | None = None
        self.moved: list[int] = []
        self.next_id = 5000
        self.on_worker = on_worker
        self.pinner = CorePinner() if own_core and rate > 1 else None
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
        try:
            self.send_to(event["sessionId"], "Runtime.runIfWaitingForDebugger")
        except Exception:  # noqa: BLE001 - the page ended the worker meanwhile: nothing left to let go
            pass

    def send_to(self, session_id: str, method: str, params: dict | None = None) -> int:
        """Send a DevTools command to an attached worker; its answer comes as Target.receivedMessageFromTarget with
        the id returned here."""
        self.next_id += 1
        self.cdp.send("Target.sendMessageToTarget", {"sessionId": session_id, "message": json.dumps(
            {"id": self.next_id, "method": method, "params": params or {}})})
        return self.next_id

    def close(self) -> None:
        """Let every thread go back to the root group and remove the group; the page's own pace back to 1x, and
        every core to every thread."""
        if self.pinner:
            self.pinner.close()
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


class CorePinner:
    """The throttled page's thread on the first core alone, every other thread of this process and of the
    browser it launched on the other cores, until ``close``.

    The throttled renderer is the one with DevTools' throttling thread ("CPUThrottlingTh..."); its main thread
    (thread id = process id) and that thread get the first core. New threads start on their parent's cores, so
    the threads are looked at every 5 ms (the processes every 100 ms): a worker made by the page's thread is
    moved before its first line runs, since it waits for the debugger (Throttle._attached). A look reads the
    names of the threads it has not seen, and again of those still named as their process (a thread names
    itself once it runs), for their first half second."""

    PAGE = {0}
    RENAME_LOOKS = 100   # 0.5 s of looks for a new thread to take its own name

    def __init__(self):
        self.others = set(range(os.cpu_count() or 1)) - self.PAGE
        if not self.others:
            raise SystemExit("bench: own_core needs a machine of 2 cores or more")
        self.seen: dict[int, bool] = {}      # thread id: on the page's core
        self.unnamed: dict[int, tuple[int, str, int]] = {}   # thread id: (process id, its name, looks left)
        self.throttled: set[int] = set()     # renderers with DevTools' throttling thread
        self.pids: list[int] = []
        self.scanned = 0.0
        self.stop = threading.Event()
        self.pin()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _set(self, tid: int, page: bool) -> None:
        try:
            os.sched_setaffinity(tid, self.PAGE if page else self.others)
        except OSError:
            pass   # gone: nothing to set again
        self.seen[tid] = page

    @staticmethod
    def _name(pid: int, tid: int) -> str | None:
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as f:
                return f.read().strip()
        except OSError:
            return None

    def _look_at(self, pid: int, tid: int, name: str) -> None:
        if name.startswith("CPUThrottling"):
            self.throttled.add(pid)
            self._set(tid, True)
        elif tid not in self.seen:
            self._set(tid, False)

    def pin(self) -> None:
        """One look: each new thread on its cores, and a renderer's main thread onto the page's core once its
        throttling thread has its name."""
        now = time.monotonic()
        if now - self.scanned > 0.1:
            self.pids, self.scanned = descendants(os.getpid()), now
        for tid, (pid, parent, left) in list(self.unnamed.items()):
            name = self._name(pid, tid)
            if name is None or name != parent or left <= 1:
                del self.unnamed[tid]
            else:
                self.unnamed[tid] = (pid, parent, left - 1)
            if name is not None and name != parent:
                self._look_at(pid, tid, name)
        for pid in self.pids:
            try:
                tids = [int(t) for t in os.listdir(f"/proc/{pid}/task")]
            except OSError:
                continue
            new = [tid for tid in tids if tid not in self.seen]
            parent = self._name(pid, pid) if new else None
            for tid in new:
                name = self._name(pid, tid)
                if name is None:
                    continue
                self._look_at(pid, tid, name)
                if tid != pid and name == parent:
                    self.unnamed[tid] = (pid, name, self.RENAME_LOOKS)
            if pid in self.throttled and not self.seen.get(pid):
                self._set(pid, True)

    def _run(self) -> None:
        while not self.stop.is_set():
            self.pin()
            time.sleep(0.005)

    def close(self) -> None:
        """Every core to every thread again: those looked at, and those started since the last look on a pinned
        parent's cores (a process the browser's zygote forks inherits them). Says so if the throttled page's
        thread was never found (that page then shared the cores)."""
        self.stop.set()
        self.thread.join()
        if not self.throttled:
            print("bench: own core: no throttled renderer was found; this page shared the cores", flush=True)
        every = self.others | self.PAGE
        tids = set(self.seen)
        for pid in descendants(os.getpid()):
            try:
                tids.update(int(t) for t in os.listdir(f"/proc/{pid}/task"))
            except OSError:
                pass
        for tid in tids:
            try:
                os.sched_setaffinity(tid, every)
            except OSError:
                pass


class CoreWaits:
    """How long the throttled page's thread ran, and waited for a core, in any window: its scheduler's figures
    (``/proc/<pid>/task/<pid>/schedstat``: time on a core and time ready but waiting for one) read every
    ``every_ms`` ms, for each renderer of the browser this process launched that has DevTools' throttling thread,
    until ``close``. DevTools' throttle spins on the page's thread, so "ran" counts its spin too; "waited" is the time
    the machine's other threads held the cores while the page had work to do: a task over 50 ms that mostly waited is
    this machine's, one that mostly ran is the page's (at its emulated pace)."""

    SLACK_MS = 10.0   # the farthest a sample may be from a window's end (5 sampling periods)

    def __init__(self, every_ms: float = 2.0):
        self.every = every_ms / 1000
        self.samples: dict[int, list[tuple[float, int, int]]] = {}   # pid: [(epoch s, ran ns, waited ns)]
        self.pids: list[int] = []
        self.scanned = 0.0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stop.is_set():
            now = time.time()
            if now - self.scanned > 0.1:   # the renderers with DevTools' throttling thread
                self.pids = sorted({pid for pid, _ in renderer_threads("CPUThrottling")})
                self.scanned = now
            for pid in self.pids:
                try:
                    with open(f"/proc/{pid}/task/{pid}/schedstat") as f:
                        ran, waited = (int(x) for x in f.read().split()[:2])
                except (OSError, ValueError):
                    continue
                self.samples.setdefault(pid, []).append((now, ran, waited))
            time.sleep(self.every)

    def share(self, start_ms: float, end_ms: float) -> tuple[float, float] | None:
        """(ran, waited) in ms between two instants (ms since the epoch, as a page's timeOrigin plus a time reads),
        from the samples just before and just after: the throttled renderer whose thread ran most then, or None
        (also when this sampler, itself kept from a core, took no sample within ``SLACK_MS`` of either end: the
        figures would be a longer window's)."""
        best = None
        for samples in list(self.samples.values()):
            before = [s for s in samples if s[0] * 1000 <= start_ms]
            after = [s for s in samples if s[0] * 1000 >= end_ms]
            if not before or not after:
                continue
            a, b = before[-1], after[0]
            if start_ms - a[0] * 1000 > self.SLACK_MS or b[0] * 1000 - end_ms > self.SLACK_MS:
                continue
            got = ((b[1] - a[1]) / 1e6, (b[2] - a[2]) / 1e6)
            if best is None or got[0] > best[0]:
                best = got
        return best

    def words(self, start_ms: float, end_ms: float) -> str:
        """``share`` as the benchmarks print it after a task: "; the page's thread ran .. ms, waited .. ms for a
        core", or "" without figures."""
        got = self.share(start_ms, end_ms)
        return f"; the page's thread ran {got[0]:.0f} ms, waited {got[1]:.0f} ms for a core" if got else ""

    def close(self) -> None:
        self.stop.set()
        self.thread.join()


@dataclasses.dataclass(frozen=True)
class Pace:
    """How a benchmark slows the page: its CPU ``rate`` times (with its workers), its thread on a core of its own or
    not (``own_core``, a benchmark's ``--own-core``), and the watch that gives each long task its time on a core and
    waiting for one (``cores``, a benchmark's ``--core-waits``), if any."""

    rate: float = 4.0
    own_core: bool = False
    cores: CoreWaits | None = None

    def throttle(self, cdp, on_worker=None) -> Throttle:
        """The page of this DevTools session (and its workers) slowed from now on."""
        return Throttle(cdp, self.rate, on_worker, own_core=self.own_core)

    def words(self, start_ms: float, end_ms: float) -> str:
        """A task's time on a core and waiting for one, as the benchmarks print it ("" without the watch)."""
        return self.cores.words(start_ms, end_ms) if self.cores else ""
