import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { rememberedRender, rememberRender, renderKey } from "#server/cache/remembered-renders";
import { requestContext } from "./context";
import { OneChunkPerFlush } from "./lib/server/one-chunk-per-flush.server";
import { scriptsAfterFirstPaint } from "./lib/server/scripts-after-first-paint.server";

// The server reads this key from the build so loaders and the server share one context object.
export { requestContext };

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(requestContext).nonce;
  const key = renderKey(request, routerContext, nonce);
  const remembered = key ? rememberedRender(key, nonce) : null;
  if (remembered) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    responseHeaders.set("X-Render", "remembered");
    return new Response(remembered as Uint8Array<ArrayBuffer>, {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new OneChunkPerFlush(
            key ? (whole) => responseStatusCode === 200 && rememberRender(key, whole, nonce) : undefined,
            scriptsAfterFirstPaint,
          );
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
