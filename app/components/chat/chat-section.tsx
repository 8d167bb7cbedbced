import { type ComponentType, memo, useEffect, useState } from "react";
import type { ChatInfo } from "#common/chat";
import { serverPreload, whenNearViewport } from "~/lib/lazy-when-visible";

type Props = { info?: ChatInfo };
type Chat = ComponentType<Props>;

// The chat (with its Markdown renderer and schemas) is the heaviest part of the home page and sits
// below the fold. The server renders it in full; the browser keeps that HTML as it is and loads the
// code only when the section nears the viewport, then renders the live chat in its place (the same
// markup, so nothing moves). Not React.lazy: a router update reaching a section still waiting to
// hydrate makes React drop its server HTML. See decision record 012.
const load = () => import("./chat-assistant").then((m) => m.ChatAssistant as Chat);
const onServer = serverPreload(load);
let loaded: Chat | null = null;

// The server's HTML inside the shell, read before React hydrates; used until the first mount commits.
let serverHtml: string | null =
  typeof document === "undefined" ? null : (document.querySelector("[data-chat-shell]")?.innerHTML ?? null);

/** Only after a client-side navigation, until the code arrives: an empty box as tall as the chat. */
function ChatPlaceholder() {
  return (
    <section id="chat" aria-busy="true" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-10">
      <div className="h-[38rem] rounded-2xl border border-slate-200 bg-white shadow-sm" />
    </section>
  );
}

/** The home page's AI chat assistant section (docs/product/chat.md). */
export const ChatAssistant = memo(function ChatAssistant(props: Props) {
  const [Live, setLive] = useState<Chat | null>(() => onServer.current ?? loaded);
  const [shellHtml] = useState(() => serverHtml);
  // Consumed on commit, not in the initializer: React may throw away a render during hydration (a
  // click before hydration finished restarts it) and the retry must still see the server's HTML,
  // or it renders the placeholder against the server's chat (hydration error #418).
  useEffect(() => {
    serverHtml = null;
  }, []);

  useEffect(() => {
    if (Live) return;
    let mounted = true;
    whenNearViewport("chat")
      .then(load)
      .then((chat) => {
        loaded = chat;
        if (mounted) setLive(() => chat);
      });
    return () => {
      mounted = false;
    };
  }, [Live]);

  if (Live)
    return (
      <div data-chat-shell>
        <Live {...props} />
      </div>
    );
  // The server's markup, kept untouched (React does not hydrate inside dangerouslySetInnerHTML).
  if (shellHtml) return <div data-chat-shell dangerouslySetInnerHTML={{ __html: shellHtml }} />;
  return (
    <div data-chat-shell>
      <ChatPlaceholder />
    </div>
  );
});
