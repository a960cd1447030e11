/**
 * The code the pages share, built once (lazytree/static/boards.js, a plain script that
 * sets the global `lazytreeBoards`, served at /lib/boards.js and inlined in the offline
 * explorer): the board renderer (frontend/src/board) and the game service the play page
 * and the static site's explorer talk to (play/service.ts). The play page's and the
 * explorer's bundles read these from the global instead of carrying copies
 * (frontend/build.mjs), so the page loads this script first.
 */
export * from "./board";
export { openService, ServerService, WorkerService } from "./play/service";
