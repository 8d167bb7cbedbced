/**
 * The page's JavaScript is fetched and run after the browser has painted the server's HTML
 * (decision record 034). Every page is complete in that HTML, so its first paint needs the
 * document and the stylesheet only; the ~25 modules only make it interactive. React Router's
 * `<Scripts>` asks for them at once (a `modulepreload` per module in the head and an async module
 * script that runs as soon as they have arrived), so on a slow phone the scripts' download and
 * evaluation compete with the first paint, and a first frame that comes after them waits for them.
 *
 * This rewrites the shell's markup: the `modulepreload` links leave the head, and React Router's
 * module script is kept inert (`type="text/x-after-paint"`) and started by a small inline script
 * after the first frame (the next animation frame, then a task), which first preloads every module,
 * as the links did (a few per task), so the modules still load in parallel rather than one import
 * at a time. A hidden tab has no frame to wait for: it starts at once.
 */
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /^<script nonce="([^"]*)" type="module" async="">/;
const MODULE_MARK = Buffer.from(' type="module" async="">');
const SCRIPT_OPEN = Buffer.from("<script");
const SCRIPT_CLOSE = Buffer.from("</script>");
const HEAD_CLOSE = Buffer.from("</head>");
const INERT_ID = "rr-scripts-after-paint";
/**
 * Preloads asked for per task: each costs Chromium 1–7 ms on the main thread, and all ~30 at once
 * made one long task right after the first paint (Lighthouse's blocking time).
 */
const PRELOADS_PER_TASK = 5;

function starter(hrefs: string[], nonce: string): string {
  const list = JSON.stringify(hrefs).replaceAll("<", "\\u003c");
  return `<script nonce="${nonce}">(function(){var h=${list},n=0;function go(){for(var e=Math.min(n+${PRELOADS_PER_TASK},h.length);n<e;n++){var l=document.createElement("link");l.rel="modulepreload";l.href=h[n];document.head.appendChild(l)}if(n<h.length)return setTimeout(go,0);var i=document.getElementById("${INERT_ID}"),s=document.createElement("script");s.type="module";s.nonce=i.nonce;s.textContent=i.textContent;document.body.appendChild(s)}if(document.visibilityState==="hidden")go();else requestAnimationFrame(function(){setTimeout(go,0)})})();</script>`;
}

/**
 * The shell with its scripts started after the first paint; markup without React Router's module
 * script (a later streamed part, an error page without scripts) is returned as it was. Works on
 * the bytes: only the head (the preloads) and the module script's tag become strings, not the
 * ~200 KB between them.
 */
export function scriptsAfterFirstPaint(html: Buffer): Buffer {
  const mark = html.indexOf(MODULE_MARK);
  const headEnd = html.indexOf(HEAD_CLOSE);
  if (mark < 0 || headEnd < 0 || headEnd > mark) return html;
  const tagStart = html.lastIndexOf(SCRIPT_OPEN, mark);
  const tag = MODULE_SCRIPT.exec(html.subarray(tagStart, mark + MODULE_MARK.length).toString("utf8"));
  const end = html.indexOf(SCRIPT_CLOSE, mark);
  if (!tag || end < 0) return html;
  const nonce = tag[1]!;
  const hrefs = new Set<string>();
  const head = html
    .subarray(0, headEnd)
    .toString("utf8")
    .replace(PRELOAD, (_link, href: string) => {
      hrefs.add(href);
      return "";
    });
  const close = end + SCRIPT_CLOSE.length;
  return Buffer.concat([
    Buffer.from(head, "utf8"),
    html.subarray(headEnd, tagStart),
    Buffer.from(`<script nonce="${nonce}" type="text/x-after-paint" id="${INERT_ID}">`, "utf8"),
    html.subarray(mark + MODULE_MARK.length, close),
    Buffer.from(starter([...hrefs], nonce), "utf8"),
    html.subarray(close),
  ]);
}
