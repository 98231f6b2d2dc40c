"""The web trainer's HTTP server: JSON over HTTP on the standard library's ``http.server``.

Why the standard library: the server is a thin layer over the engine for one person on their
own machine -- a handful of JSON routes, three static files, no templates, no database --
so :class:`http.server.ThreadingHTTPServer` does all it needs, and ``auction-fsm serve`` works
straight after ``pip install`` with no web framework to install, audit or keep up with.

Routes (every answer is JSON except the page and its two files)::

    GET  /                          the page;  GET /static/app.js, /static/app.css
    GET  /api/charts?book=NAME      every flowchart's data and which chart a law number opens
    GET  /api/books                 the law books a board may be ruled by, and the default
    GET  /api/files                 the scenario files (*.json) in the folder served
    POST /api/sessions              a new board {dealer, vulnerability, law_book} or one restored
                                    {scenario}
    GET  /api/sessions/ID           the board as the page shows it
    POST /api/sessions/ID/event     {at, event}: one more event (a scenario file's event)
    POST /api/sessions/ID/undo      {at}
    POST /api/sessions/ID/new       {dealer, vulnerability, law_book}
    POST /api/sessions/ID/load      {name} (a file of the folder) or {scenario} (a file uploaded)
    POST /api/sessions/ID/save      {name}: write the board into the folder
    GET  /api/quiz?seed=S&number=N[&law=L][&level=V]  one question (without its answer), under
                                    the trainer's law book, at a level (beginner, club -- the
                                    default --, advanced, exam, or 1-4)
    POST /api/quiz/answer           {seed, number, law, level, pick}: right or not, and why

``at`` is the number of events the page has seen: a request made on an older view of the board
(another tab, a double click) is refused rather than applied to a board the page did not show.
A malformed or out-of-order request gets status 400 and ``{"error": "<one line in words>"}``;
an unknown board 404 (the page then restores it from the copy of its events it keeps).  A
refused request changes nothing.  Files are read and written only in the folder served, by
plain names (no folders, no hidden files); nothing is fetched from or sent to anywhere else.
When listening on loopback only, a request naming another host is refused (a web page elsewhere
cannot reach the trainer through a name that resolves to this machine), and a POST must be
JSON sent from the trainer's own page.
"""

from __future__ import annotations

import json
import re
import secrets
import socket
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any, Final
from urllib.parse import parse_qs, urlsplit

from ..errors import AuctionFsmError
from ..lawbook import LawBook
from .session import RequestProblem, WebSession, charts_payload, read_event

__all__ = ["TrainerServer", "make_server", "LOOPBACK", "MAX_SESSIONS", "MAX_BODY", "LISTEN_QUEUE",
           "IDLE_TIMEOUT", "BODY_TIMEOUT", "RequestTimeout"]

LOOPBACK: Final = ("127.0.0.1", "localhost", "::1")
MAX_SESSIONS: Final = 100  # boards kept in memory (about 0.5 MB each); an older one is restored
                           # from its page's copy
MAX_BODY: Final = 1 << 20
LISTEN_QUEUE: Final = 128  # connections waiting to be accepted: a class of 50 pages opened at once
                           # is answered (socketserver's default of 5 reset some of them)
MAX_DEPTH: Final = 64  # levels of nesting in a request (a scenario needs 4): deeper is refused before
                       # anything reads it recursively
IDLE_TIMEOUT: Final = 60.0  # seconds a connection may wait between requests, or send its request line
                            # and headers in, before its thread lets it go
BODY_TIMEOUT: Final = 5.0  # seconds a body may pause (between two pieces, not in all): a body shorter
                           # than its Content-Length is answered 408 then, and the thread is free
_STATIC: Final = {"app.js": "text/javascript; charset=utf-8", "app.css": "text/css; charset=utf-8",
                  "index.html": "text/html; charset=utf-8"}
_FILE_NAME: Final = re.compile(r"[A-Za-z0-9_][A-Za-z0-9 _.,()+-]{0,99}\.json")
_SESSION_PATH: Final = re.compile(r"/api/sessions/([A-Za-z0-9_-]{8,64})(?:/([a-z]+))?")


class NotFound(LookupError):
    """A path or a board the server does not have."""


class RequestTimeout(TimeoutError):
    """A request whose body did not come in time (answered 408)."""


class _Board:
    """A session and the lock that keeps its requests one at a time."""

    def __init__(self, session: WebSession) -> None:
        self.session = session
        self.lock = threading.Lock()


class TrainerServer(ThreadingHTTPServer):
    """The trainer: boards in memory, the page's files, the folder it reads and writes."""

    daemon_threads = True
    request_queue_size = LISTEN_QUEUE

    def __init__(self, address: tuple[str, int], folder: Path, *, quiet: bool = True,
                 book: LawBook | None = None) -> None:
        from ..lawbook import LAWS_2017

        self.book = book or LAWS_2017  # the book a new board is ruled by, unless it names one
        self.folder = folder.resolve()
        if not self.folder.is_dir():
            raise NotADirectoryError(f"{folder} is not a folder")
        self.quiet = quiet
        self.body_timeout = BODY_TIMEOUT  # how long a request's body may pause (tests shorten it)
        self.loopback_only = address[0] in LOOPBACK
        self.boards: OrderedDict[str, _Board] = OrderedDict()
        self.boards_lock = threading.Lock()
        self.assets = {name: (resources.files("auction_fsm.web") / "static" / name).read_bytes() for name in _STATIC}
        if ":" in address[0]:  # an IPv6 address, such as ::1
            self.address_family = socket.AF_INET6
        super().__init__(address, _Handler)

    @property
    def url(self) -> str:
        """Where the page is."""
        host, port = str(self.server_address[0]), self.server_address[1]
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{port}/"

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection that broke while answering (the page went away) is not worth a
        traceback; anything else is reported as the base class does."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)

    # --- boards ------------------------------------------------------------------------------
    def add(self, session: WebSession) -> str:
        """Keep a new board; its id."""
        key = secrets.token_urlsafe(12)
        with self.boards_lock:
            self.boards[key] = _Board(session)
            while len(self.boards) > MAX_SESSIONS:
                self.boards.popitem(last=False)
        return key

    def board(self, key: str) -> _Board:
        """The board called ``key``."""
        with self.boards_lock:
            found = self.boards.get(key)
            if found is None:
                raise NotFound("this board is not on the server (it may have been restarted): "
                               "the page restores it from its own copy")
            self.boards.move_to_end(key)
            return found

    # --- the folder --------------------------------------------------------------------------
    def folder_file(self, name: object) -> Path:
        """The file ``name`` of the folder served; refuse anything else."""
        if not isinstance(name, str) or not _FILE_NAME.fullmatch(name) or ".." in name:
            raise RequestProblem("a file name is a plain name ending in .json (letters, digits, spaces, "
                                 "- _ . , ( ) +), with no folder")
        path = self.folder / name
        if path.is_symlink() or (path.exists() and path.resolve().parent != self.folder):
            raise RequestProblem(f"{name} is a link; only plain files of the folder are read or written")
        return path

    def files(self) -> list[str]:
        """The scenario files of the folder, by name."""
        names = [p.name for p in self.folder.iterdir()
                 if _FILE_NAME.fullmatch(p.name) and p.is_file() and not p.is_symlink()]
        return sorted(names)[:1000]


def make_server(folder: str | Path = ".", host: str = "127.0.0.1", port: int = 8765, *,
                quiet: bool = True, book: LawBook | None = None) -> TrainerServer:
    """A trainer bound to ``host:port`` (port 0: any free port) for ``folder``, ruling new boards
    by ``book`` (2017 by default); not yet serving."""
    return TrainerServer((host, port), Path(folder), quiet=quiet, book=book)


def _depth(data: object) -> int:
    """How deeply ``data`` nests lists and objects (counted without recursion)."""
    deepest, todo = 0, [(data, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level)
            todo.extend((x, level + 1) for x in item)
    return deepest


# --- requests ----------------------------------------------------------------------------------
def _text(body: dict[str, Any], key: str, default: str | None = None) -> str:
    value = body.get(key, default)
    if not isinstance(value, str):
        raise RequestProblem(f"'{key}' must be text" if key in body else f"the request needs '{key}'")
    return value


def _at(body: dict[str, Any], session: WebSession) -> None:
    """Refuse a change asked on a view of the board older (or newer) than the board."""
    at = body.get("at")
    if not isinstance(at, int) or isinstance(at, bool):
        raise RequestProblem("the request needs 'at', the number of events the page has seen")
    if at != len(session.events):
        raise RequestProblem(f"the board has {len(session.events)} event(s) but the request was made "
                             f"after {at}: the page was out of date; it now shows the board as it is")


def _book(name: object, default: LawBook) -> LawBook:
    """The law book called ``name`` (``None``: ``default``)."""
    from ..lawbook import book_named

    if name is None:
        return default
    if not isinstance(name, str):
        raise RequestProblem("'law_book' must be the name of a law book")
    try:
        return book_named(name)
    except AuctionFsmError as err:
        raise RequestProblem(str(err)) from err


def _scenario_session(data: object, source: str, default: LawBook) -> WebSession:
    """A board from a scenario file's JSON object, ruled by the book it names, else ``default``
    (events the model refuses stop it there)."""
    from ..scenario import loads_scenario

    text = data if isinstance(data, str) else json.dumps(data)
    try:
        scenario = loads_scenario(text, source)
    except (AuctionFsmError, ValueError) as err:
        raise RequestProblem(str(err)) from err
    return WebSession(scenario.dealer, scenario.vulnerability, scenario.events, scenario.title,
                      _book(scenario.law_book, default), scenario.description)


def _new_session(body: dict[str, Any], default: LawBook) -> WebSession:
    """A new board as the request asks: dealer, vulnerability, law book."""
    return WebSession(_text(body, "dealer", "N"), _text(body, "vulnerability", "None"),
                      book=_book(body.get("law_book"), default))


class _Handler(BaseHTTPRequestHandler):
    server: TrainerServer
    server_version = "auction-fsm-trainer"
    protocol_version = "HTTP/1.1"
    # the headers and the body go out in two writes: without this, the second waits for the
    # client's delayed acknowledgement of the first (about 40 ms on Linux) on every answer
    disable_nagle_algorithm = True
    # every read from the connection gives up after this long (a request line or headers that never
    # come would otherwise hold its thread for ever); the body has a shorter wait (_body)
    timeout = IDLE_TIMEOUT

    def log_message(self, format: str, *args: Any) -> None:
        if not self.server.quiet:
            super().log_message(format, *args)

    # --- answering ---------------------------------------------------------------------------
    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; "
                         "style-src 'self'; script-src 'self'; connect-src 'self'")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, data: object) -> None:
        self._send(status, json.dumps(data, ensure_ascii=False).encode("utf-8"), "application/json; charset=utf-8")

    def _error(self, status: int, message: str) -> None:
        line = " ".join(message.split())  # one line
        self._json(status, {"error": line[:1].upper() + line[1:]})

    # --- checks ------------------------------------------------------------------------------
    def _check_origin(self) -> None:
        host = self.headers.get("Host", "")
        if self.server.loopback_only:
            port = self.server.server_address[1]
            allowed = {f"{h}:{port}" for h in ("127.0.0.1", "localhost", "[::1]")}
            if host not in allowed:
                raise RequestProblem(f"this trainer answers only on this machine ({', '.join(sorted(allowed))}), "
                                     f"not to the host name {host!r}")
        origin = self.headers.get("Origin")
        if origin is not None and origin != f"http://{host}":
            raise RequestProblem("a request from another web page is refused")

    def _body(self) -> dict[str, Any]:
        kind = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise RequestProblem("send the request as JSON (Content-Type: application/json)")
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            raise RequestProblem("the request does not say how long it is (Content-Length)") from None
        if length < 0 or length > MAX_BODY:
            raise RequestProblem(f"the request is too long ({length} bytes; at most {MAX_BODY})")
        wait = self.server.body_timeout
        self.connection.settimeout(wait)
        try:
            raw = self.rfile.read(length)
        except TimeoutError:
            raise RequestTimeout(f"the request said it was {length} bytes long but fewer came, with no "
                                 f"more for {wait:g} seconds") from None
        finally:
            self.connection.settimeout(self.timeout)
        if len(raw) < length:
            raise RequestProblem(f"the request said it was {length} bytes long but the connection "
                                 f"closed after {len(raw)}")
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as err:
            raise RequestProblem(f"the request is not JSON ({err})") from None
        except RecursionError:  # the standard library's reader recurses once per level of nesting
            raise RequestProblem("the request is not JSON (nested too deeply)") from None
        if not isinstance(data, dict):
            raise RequestProblem("the request must be a JSON object")
        if _depth(data) > MAX_DEPTH:
            raise RequestProblem(f"the request is not JSON the trainer reads (nested too deeply: more "
                                 f"than {MAX_DEPTH} levels)")
        return data

    # --- dispatch ----------------------------------------------------------------------------
    def do_GET(self) -> None:
        self._answer(self._get)

    def do_HEAD(self) -> None:
        self._answer(self._get)

    def do_POST(self) -> None:
        self._answer(self._post)

    def do_PUT(self) -> None:
        self._refuse()

    do_DELETE = do_PATCH = do_OPTIONS = do_PUT

    def _refuse(self) -> None:
        self.close_connection = True
        self._error(HTTPStatus.METHOD_NOT_ALLOWED, f"{self.command} is not used here; use GET or POST")

    def _answer(self, route: Callable[[str], tuple[int, object] | None]) -> None:
        path = urlsplit(self.path).path
        try:
            self._check_origin()
            answer = route(path)
            if answer is not None:
                self._json(*answer)
        except RequestProblem as err:
            self.close_connection = True  # a body that was not read must not be taken for a request
            self._error(HTTPStatus.BAD_REQUEST, str(err))
        except NotFound as err:
            self._error(HTTPStatus.NOT_FOUND, str(err))
        except RequestTimeout as err:
            self.close_connection = True
            self._error(HTTPStatus.REQUEST_TIMEOUT, str(err))
        except ConnectionError:  # the page went away (a reload): nobody to answer
            self.close_connection = True
        except OSError as err:
            self._error(HTTPStatus.BAD_REQUEST, f"the file could not be read or written: {err.strerror or err}")
        except Exception as err:  # noqa: BLE001 - a bug: said in one line; the server goes on
            self.close_connection = True
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR,
                        f"internal error (a bug in auction-fsm, please report it): {type(err).__name__}: {err}")
            if not self.server.quiet:
                print(f"auction-fsm serve: internal error: {type(err).__name__}: {err}", file=sys.stderr)

    def _get(self, path: str) -> tuple[int, object] | None:
        if path in ("/", "/index.html"):
            self._send(HTTPStatus.OK, self.server.assets["index.html"], _STATIC["index.html"])
            return None
        if path.startswith("/static/") and path[8:] in _STATIC and path[8:] != "index.html":
            asset = path[8:]
            self._send(HTTPStatus.OK, self.server.assets[asset], _STATIC[asset])
            return None
        if path == "/api/charts":
            named = _first(parse_qs(urlsplit(self.path).query), "book")
            return HTTPStatus.OK, charts_payload(_book(named, self.server.book))
        if path == "/api/books":
            from ..lawbook import BOOKS

            return HTTPStatus.OK, {"books": sorted(BOOKS), "default": self.server.book.name}
        if path == "/api/files":
            return HTTPStatus.OK, {"folder": self.server.folder.name or str(self.server.folder),
                                   "files": self.server.files()}
        if path == "/api/quiz":
            return HTTPStatus.OK, _quiz_question(parse_qs(urlsplit(self.path).query), self.server.book)
        m = _SESSION_PATH.fullmatch(path)
        if m is not None and m.group(2) is None:
            board = self.server.board(m.group(1))
            with board.lock:
                return HTTPStatus.OK, {"session": m.group(1), **board.session.view()}
        raise NotFound(f"nothing at {path}")

    def _post(self, path: str) -> tuple[int, object]:
        body = self._body()
        if path == "/api/sessions":
            if "scenario" in body:
                session = _scenario_session(body["scenario"], "the board restored", self.server.book)
            else:
                session = _new_session(body, self.server.book)
            key = self.server.add(session)
            return HTTPStatus.OK, {"session": key, **session.view()}
        if path == "/api/quiz/answer":
            return HTTPStatus.OK, _quiz_answer(body, self.server.book)
        m = _SESSION_PATH.fullmatch(path)
        if m is None or m.group(2) is None:
            raise NotFound(f"nothing at {path}")
        key, action = m.group(1), m.group(2)
        board = self.server.board(key)
        with board.lock:
            extra: dict[str, Any] = {}
            session = board.session
            if action == "event":
                _at(body, session)
                if "event" not in body:
                    raise RequestProblem("the request needs 'event'")
                session.apply(read_event(body["event"]))
            elif action == "undo":
                _at(body, session)
                extra["said"] = session.undo()
            elif action == "new":
                board.session = _new_session(body, self.server.book)
            elif action == "load":
                if "name" in body:
                    path_ = self.server.folder_file(body["name"])
                    if not path_.is_file():
                        raise RequestProblem(f"there is no file {body['name']} in the folder")
                    board.session = _scenario_session(path_.read_text(encoding="utf-8-sig"), path_.name,
                                                      self.server.book)
                elif "scenario" in body:
                    board.session = _scenario_session(body["scenario"], _text(body, "source", "the file"),
                                                      self.server.book)
                else:
                    raise RequestProblem("say which file to load: 'name' (in the folder) or 'scenario'")
            elif action == "save":
                target = self.server.folder_file(body.get("name"))
                text = json.dumps(session.scenario(), indent=2, ensure_ascii=False) + "\n"
                temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
                try:  # written whole or not at all
                    temporary.write_text(text, encoding="utf-8")
                    temporary.replace(target)
                finally:
                    temporary.unlink(missing_ok=True)
                extra["saved"] = target.name
            else:
                raise NotFound(f"nothing at {path}")
            return HTTPStatus.OK, {"session": key, **board.session.view(), **extra}


# --- the quiz ------------------------------------------------------------------------------------
_QuizKey = tuple[str, str, int, int | None, int]  # law book, seed, question number, law, level
_QUIZ_CACHE: dict[_QuizKey, Any] = {}
_QUIZ_LOCK = threading.Lock()


def _quiz_key(seed: object, number: object, law: object, book: LawBook, level: object = None) -> _QuizKey:
    from ..teaching.quiz import level_number, quiz_laws

    if not isinstance(seed, str) or not 0 < len(seed) <= 40:
        raise RequestProblem("the quiz needs a seed: a word or number of at most 40 characters")
    try:
        n = int(str(number))
        lawn = None if law in (None, "", "any") else int(str(law))
    except ValueError:
        raise RequestProblem("the question number and the law must be whole numbers") from None
    if not 1 <= n <= 100_000:
        raise RequestProblem("the question number must be between 1 and 100000")
    if lawn is not None and lawn not in quiz_laws():
        raise RequestProblem(f"the quiz has no situation about Law {lawn}")
    try:  # the command line's default level, club, unless the page names one
        lv = level_number("club" if level in (None, "") else level)  # type: ignore[arg-type]
    except (ValueError, TypeError) as err:
        raise RequestProblem(str(err)) from None
    return book.name, seed, n, lawn, lv


def _question(key: _QuizKey) -> Any:
    from ..lawbook import book_named
    from ..teaching.quiz import make_question

    with _QUIZ_LOCK:
        found = _QUIZ_CACHE.get(key)
        if found is None:
            found = make_question(key[1], key[2], key[3], book_named(key[0]), level=key[4])
            if len(_QUIZ_CACHE) > 256:
                _QUIZ_CACHE.clear()
            _QUIZ_CACHE[key] = found
        return found


def _first(query: dict[str, list[str]], name: str) -> str | None:
    values = query.get(name)
    return values[0] if values else None


def _quiz_question(query: dict[str, list[str]], book: LawBook) -> dict[str, Any]:
    from ..teaching.quiz import LEVELS

    key = _quiz_key(_first(query, "seed") or "0", _first(query, "number") or "1", _first(query, "law"), book,
                    _first(query, "level"))
    q = _question(key)
    return {"seed": key[1], "number": q.number, "law": key[3], "law_book": key[0], "level": LEVELS[key[4] - 1],
            "levels": list(LEVELS), "situation": list(q.situation), "prompt": q.prompt, "choices": list(q.choices)}


def _quiz_answer(body: dict[str, Any], book: LawBook) -> dict[str, Any]:
    key = _quiz_key(body.get("seed"), body.get("number"), body.get("law"), book, body.get("level"))
    pick = body.get("pick")
    if not isinstance(pick, int) or isinstance(pick, bool) or not 0 <= pick <= 3:
        raise RequestProblem("'pick' is the choice answered: 0, 1, 2 or 3")
    q = _question(key)
    return {"right": pick == q.answer, "answer": q.answer, "choice": q.choices[q.answer],
            "explanation": list(q.explanation)}
