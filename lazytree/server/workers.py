"""Where the server's searches run: worker processes (:class:`ProcessWorkers`) or a Dask cluster
(:class:`DaskWorkers`), never the web process.

An :class:`Executor` runs a job (a picklable function and its arguments) for one game and hands back
a :class:`Job`. A worker that dies, runs out of memory or overruns its clock fails its own job only
(:class:`WorkerLost`); a job can be sent to the worker that holds its tree. A running job can be
stopped and reports progress through :func:`current`.
"""

from __future__ import annotations

import contextlib
import ctypes
import itertools
import multiprocessing
import os
import signal
import sys
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lazytree.server.scheduler import Job, Scheduler

__all__ = [
    "DEFAULT_MEMORY",
    "DaskWorkers",
    "Executor",
    "JobFailed",
    "ProcessWorkers",
    "WorkGone",
    "WorkerContext",
    "WorkerLost",
    "current",
    "default_workers",
    "die_with_parent",
    "lift_data_ceiling",
]

DEFAULT_MEMORY = 2 << 30
"""The address space a worker process may hold (``RLIMIT_AS``), in bytes."""

POLL = 0.02
"""Seconds between two looks at a running job (its result, its stop flag, its worker)."""


class WorkerLost(RuntimeError):
    """The worker running a job died, ran out of memory or overran its wall clock (the
    message is one line for the page)."""


class JobFailed(RuntimeError):
    """A job raised in its worker: the message is the error's one line (its type and
    text), the worker goes on."""


class WorkGone(LookupError):
    """A job for a worker that no longer holds what it asks about (it was restarted)."""


def lift_data_ceiling() -> None:
    """Raise this process's ``RLIMIT_DATA`` to its hard limit: the web process holds a thread
    per AI thinking, each stack counted against it; its searches run in workers under their own
    limit."""
    try:
        import resource
    except ImportError:  # not on this platform
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_DATA, (hard, hard))


def default_workers() -> int:
    """Regular worker processes by default: one per core less one (the web process's),
    at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


# -- in the worker ------------------------------------------------------------------------
@dataclass
class WorkerContext:
    """What a job sees of its worker: the event set when it is asked to stop, and where
    it reports its progress."""

    stop: threading.Event = field(default_factory=threading.Event)
    report: Callable[[int | None, int, float | None], None] = lambda depth, nodes, value: None


_local = threading.local()


def current() -> WorkerContext:
    """The context of the job running in this thread (a fresh one outside a worker)."""
    context: WorkerContext | None = getattr(_local, "context", None)
    return context if context is not None else WorkerContext()


def _set_memory(memory: int | None) -> None:
    if memory is None:
        return
    import resource

    with contextlib.suppress(ValueError, OSError):  # a hard limit below ours stays
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))


PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: the signal a process gets when its parent dies."""


def die_with_parent(parent: int) -> bool:
    """Have the kernel kill this process when its parent dies, however it dies
    (``prctl(PR_SET_PDEATHSIG)``); exit at once when ``parent`` is gone. Whether the kernel was
    asked (False off Linux)."""
    asked = False
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            asked = libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    if os.getppid() != parent:  # it died before we asked
        os._exit(0)
    return asked


def _process_main(
    conn: Any,
    shared: Any,
    memory: int | None,
    initializer: Callable[[], None] | None,
    parent: int | None = None,
) -> None:
    """A worker process: ``initializer``, then each job from ``conn`` answered on it, until the
    process ``parent`` ends; ``shared`` holds the stop flag and the progress (depth, nodes,
    value)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the web process's to handle
    if parent is not None:
        die_with_parent(parent)
    _set_memory(memory)
    if initializer is not None:
        initializer()
    stop = threading.Event()

    def watch() -> None:
        while True:
            time.sleep(POLL)
            if shared[0]:
                stop.set()
            if parent is not None and os.getppid() != parent:  # orphaned: nobody waits
                os._exit(0)

    threading.Thread(target=watch, daemon=True).start()

    def report(depth: int | None, nodes: int, value: float | None) -> None:
        shared[1] = -1 if depth is None else depth
        shared[2] = nodes
        shared[3] = float("nan") if value is None else value

    _local.context = WorkerContext(stop, report)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        fn, args = message
        stop.clear()
        try:
            answer: tuple[str, Any] = ("ok", fn(*args))
        except MemoryError:
            with contextlib.suppress(Exception):
                conn.send(("memory", None))
            os._exit(3)  # a process that ran out of memory is not trusted again
        except BaseException as exc:
            answer = ("error", f"{type(exc).__name__}: {exc}")
        try:
            conn.send(answer)
        except Exception as exc:  # an answer that cannot be pickled
            conn.send(("error", f"{type(exc).__name__}: {exc}"))


# -- in the web process -------------------------------------------------------------------
class Executor(ABC):
    """Runs jobs in workers, fairly between games: ``slots`` jobs at once, the first
    ``regular`` of them for any job, the others for short jobs only (see the module)."""

    def __init__(self, regular: int, slots: int, explore: int = 0) -> None:
        self.regular = regular
        self.slots = slots + explore
        self._scheduler = Scheduler(regular, slots, slots + explore)
        self._threads: list[threading.Thread] = []
        self._started = False
        self._start_lock = threading.Lock()

    def submit(
        self,
        key: str,
        fn: Callable[..., Any],
        *args: Any,
        short: bool = False,
        seconds: float | None = None,
        pin: Any = None,
        owner: str = "",
        explore: bool = False,
    ) -> Job:
        """Queue ``fn(*args)`` for game ``key``, charged to ``owner``; ``pin``: in a
        finished job's worker (:class:`WorkGone` when replaced); ``explore``: an explorer
        search."""
        self._start()
        job = Job(
            key, fn, args, short=short, seconds=seconds, pin=pin, owner=owner, explore=explore
        )
        self._scheduler.put(job)
        return job

    def withdraw(self, job: Job) -> bool:
        """Drop a job that has not started (its future is cancelled); False once started."""
        if self._scheduler.withdraw(job):
            job.future.cancel()
            return True
        return False

    @property
    def waiting(self) -> int:
        """Jobs waiting for a worker."""
        return self._scheduler.waiting()

    @property
    def share(self) -> int:
        """Jobs one owner may run at once (see :class:`Scheduler`)."""
        return self._scheduler.share

    def charged(self) -> dict[str, float]:
        """Seconds of worker time each owner's finished jobs took."""
        with self._scheduler._cond:
            return dict(self._scheduler.charged)

    def waited(self) -> dict[str, float]:
        """The longest time a job of each owner waited for a worker, in seconds."""
        with self._scheduler._cond:
            return dict(self._scheduler.waited)

    def _start(self) -> None:
        with self._start_lock:
            if self._started:
                return
            self._started = True
            for slot in range(self.slots):
                t = threading.Thread(target=self._serve, args=(slot,), daemon=True)
                t.name = f"lazytree-worker-{slot}"
                t.start()
                self._threads.append(t)

    def _serve(self, slot: int) -> None:
        self._prepare(slot)
        while True:
            job = self._scheduler.take(slot, lambda pin: self._pinned_here(slot, pin))
            if job is None:
                return
            if not job.future.set_running_or_notify_cancel():
                self._scheduler.done(job, 0.0)
                continue
            job.started = time.monotonic()
            try:
                result = self._run(slot, job)
            except BaseException as exc:
                self._scheduler.done(job, time.monotonic() - job.started)
                job.future.set_exception(exc)
            else:
                self._scheduler.done(job, time.monotonic() - job.started)
                job.future.set_result(result)

    @abstractmethod
    def _prepare(self, slot: int) -> None:
        """Ready slot ``slot``'s worker before its first job."""

    @abstractmethod
    def _pinned_here(self, slot: int, pin: Any) -> bool:
        """Whether a job pinned to ``pin`` runs in slot ``slot``."""

    @abstractmethod
    def _run(self, slot: int, job: Job) -> Any:
        """Run ``job`` in slot ``slot``'s worker (blocking): its result, or raise."""

    def close(self) -> None:
        """Stop every worker; jobs still waiting are cancelled."""
        for job in self._scheduler.close():
            job.future.cancel()
        for t in self._threads:
            t.join(0.1)


@dataclass
class _Worker:
    process: Any
    conn: Any
    shared: Any
    generation: int


class ProcessWorkers(Executor):
    """Jobs in worker processes of this machine: ``workers`` regular ones, ``reserve`` for short
    jobs and ``explore`` for the explorer, each under ``memory`` bytes of address space, spawned
    when first needed and again after one died; ``initializer`` runs first in each (a game
    registered at run time)."""

    def __init__(
        self,
        workers: int | None = None,
        reserve: int = 1,
        memory: int | None = DEFAULT_MEMORY,
        initializer: Callable[[], None] | None = None,
        explore: int = 1,
    ) -> None:
        regular = default_workers() if workers is None else workers
        if regular < 1 or reserve < 0 or explore < 0:
            raise ValueError(f"workers must be 1 or more, got {regular}")
        super().__init__(regular, regular + reserve, explore)
        self.games = regular + reserve
        self.memory = memory
        self.initializer = initializer
        self._context = multiprocessing.get_context("spawn")
        self._workers: list[_Worker | None] = [None] * self.slots
        self._generation = itertools.count(1)
        self._closed = False
        self.replaced = 0
        """Workers started again after one died (or was killed)."""

    def pids(self) -> list[int]:
        """The process ids of the workers running now."""
        return [w.process.pid for w in self._workers if w is not None and w.process.is_alive()]

    def _spawn(self, slot: int) -> _Worker:
        shared = self._context.Array("d", 4, lock=False)
        parent, child = self._context.Pipe()
        process = self._context.Process(
            target=_process_main,
            args=(child, shared, self.memory, self.initializer, os.getpid()),
            name=f"lazytree-worker-{slot}",
            daemon=True,
        )
        process.start()
        child.close()
        worker = _Worker(process, parent, shared, next(self._generation))
        self._workers[slot] = worker
        return worker

    def _prepare(self, slot: int) -> None:
        if not self._closed and slot < self.games:  # (an explorer's: at its first job)
            self._spawn(slot)

    def _pinned_here(self, slot: int, pin: Any) -> bool:
        return isinstance(pin, tuple) and pin[0] == slot

    def _kill(self, slot: int) -> None:
        worker = self._workers[slot]
        self._workers[slot] = None
        if worker is not None:
            with contextlib.suppress(Exception):
                worker.process.kill()
                worker.process.join(5)
            with contextlib.suppress(Exception):
                worker.conn.close()

    def _run(self, slot: int, job: Job) -> Any:
        worker = self._workers[slot]
        if job.pin is not None and (worker is None or job.pin != (slot, worker.generation)):
            raise WorkGone("its worker was restarted since")
        if worker is None or not worker.process.is_alive():
            if worker is not None:
                self._kill(slot)
                self.replaced += 1
            worker = self._spawn(slot)
        shared = worker.shared
        shared[0], shared[1], shared[2], shared[3] = 0, -1, 0, float("nan")
        job.where = (slot, worker.generation)

        def read() -> tuple[int | None, int, float | None]:
            depth, nodes, value = int(shared[1]), int(shared[2]), float(shared[3])
            return (None if depth < 0 else depth, nodes, None if value != value else value)

        job._progress = read

        def on_stop() -> None:
            shared[0] = 1

        job._attach(on_stop)
        try:
            worker.conn.send((job.fn, job.args))
        except Exception as exc:  # the arguments cannot be pickled, or the pipe broke
            if worker.process.is_alive():
                raise
            raise self._lost(slot, "its worker had stopped") from exc
        deadline = time.monotonic() + job.wall
        while True:
            try:
                if worker.conn.poll(POLL * 5):
                    kind, value = worker.conn.recv()
                    break
            except (EOFError, OSError):
                raise self._lost(slot, self._death(worker)) from None
            if not worker.process.is_alive():
                raise self._lost(slot, self._death(worker))
            if time.monotonic() > deadline:
                raise self._lost(slot, f"it ran past its wall clock ({job.wall:g} s)")
        if kind == "ok":
            return value
        if kind == "memory":
            worker.process.join(5)
            raise self._lost(slot, "it ran out of memory")
        raise JobFailed(value)

    def _death(self, worker: _Worker) -> str:
        worker.process.join(1)
        code = worker.process.exitcode
        if code is not None and code < 0:
            with contextlib.suppress(ValueError):
                return f"it was killed by {signal.Signals(-code).name}"
        return f"it exited (code {code})"

    def _lost(self, slot: int, why: str) -> WorkerLost:
        """The worker of ``slot`` is gone (killed if it was not): it is started again
        for the next job."""
        self._kill(slot)
        self.replaced += 1
        if not self._closed:
            self._spawn(slot)
        return WorkerLost(f"the search's worker process was lost: {why}; the server goes on")

    def close(self) -> None:
        self._closed = True
        super().close()
        for slot, worker in enumerate(self._workers):
            if worker is not None:
                with contextlib.suppress(Exception):
                    worker.conn.send(None)
                worker.process.join(1)
                self._kill(slot)


# -- Dask ---------------------------------------------------------------------------------
def _dask_call(fn: Callable[..., Any], args: tuple[Any, ...], stop_name: str) -> tuple[Any, str]:
    """A job in a Dask worker: ``fn(*args)`` with a stop event that follows the cluster's
    event ``stop_name``; the result and the worker's address."""
    from distributed import Event, get_client, get_worker

    stop = threading.Event()
    done = threading.Event()
    # the worker's client, given: an event that finds its client by itself fails when
    # read from the watching thread (outside the task) in a worker process
    remote = Event(stop_name, client=get_client())  # type: ignore[no-untyped-call]

    def watch() -> None:
        while not done.wait(0.1):
            with contextlib.suppress(Exception):
                if remote.is_set():  # type: ignore[no-untyped-call]
                    stop.set()
                    return

    threading.Thread(target=watch, daemon=True).start()
    _local.context = WorkerContext(stop)
    try:
        return fn(*args), get_worker().address
    finally:
        done.set()
        _local.context = None


class DaskWorkers(Executor):
    """Jobs on a Dask ``distributed`` cluster (a connected :class:`distributed.Client`): a slot
    per worker thread, one kept for short jobs when there are two or more."""

    def __init__(self, client: Any) -> None:
        threads = max(1, sum(client.nthreads().values()))
        super().__init__(max(1, threads - 1), threads)
        self.client = client

    def _prepare(self, slot: int) -> None:
        """Nothing: the cluster's workers are running."""

    def _pinned_here(self, slot: int, pin: Any) -> bool:
        return True  # the cluster sends it to the pinned worker

    def _run(self, slot: int, job: Job) -> Any:
        from distributed import Event

        name = f"lazytree-stop-{os.getpid()}-{job.id}"
        stop = Event(name, client=self.client)  # type: ignore[no-untyped-call]
        job._attach(lambda: stop.set())  # type: ignore[no-untyped-call]
        options: dict[str, Any] = {"pure": False, "key": f"lazytree-job-{os.getpid()}-{job.id}"}
        if job.pin is not None:
            options.update(workers=[job.pin], allow_other_workers=False)
        future = self.client.submit(_dask_call, job.fn, job.args, name, **options)
        done = threading.Event()
        future.add_done_callback(lambda _: done.set())
        try:
            # wait for the job's end, then ask for its result once, without a timeout:
            # distributed's Future.result(timeout) cancels the transfer when the timeout
            # falls, and when that races with the transfer's end it raises
            # UnboundLocalError (its sync() lets the CancelledError past and returns a
            # result never set); polling with short timeouts under load made it common
            if not done.wait(job.wall):
                future.cancel()
                raise WorkerLost(
                    f"the search ran past its wall clock ({job.wall:g} s) on the "
                    "Dask cluster; the server goes on"
                )
            try:
                value, where = future.result()
            except Exception as exc:
                kind = type(exc).__name__
                if kind in ("KilledWorker", "CommClosedError", "CancelledError"):
                    raise WorkerLost(
                        f"the search's Dask worker was lost ({kind}); the server goes on"
                    ) from None
                raise JobFailed(f"{kind}: {exc}") from None
        finally:
            with contextlib.suppress(Exception):
                stop.clear()  # type: ignore[no-untyped-call]
        job.where = where
        return value
