import { createContext, useContext, useEffect, useId, useRef, useState } from "react";
import { Link } from "~/components/link";

/**
 * A small menu button (WAI-ARIA menu button pattern) for the header's News, Brokers, Admin and
 * account menus. Hand-written instead of a dropdown library because the header ships on every
 * page: it keeps positioning and portal code out of the first-load JavaScript.
 * Keys: Enter, Space or ArrowDown open on the first item, ArrowUp on the last; arrows, Home and
 * End move; Escape closes and returns focus to the button; Tab or a click elsewhere closes.
 */
const CloseMenu = createContext<() => void>(() => {});

const itemsOf = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

export function MenuButton({
  label,
  buttonClassName,
  buttonContent,
  align = "start",
  children,
}: {
  /** The button's accessible name when its content is not enough (e.g. an e-mail address). */
  label?: string;
  buttonClassName: string;
  buttonContent: React.ReactNode;
  align?: "start" | "end";
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState<false | "first" | "last">(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const items = itemsOf(menu.current);
    (open === "last" ? items.at(-1) : items[0])?.focus();
    const outside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  function onMenuKey(event: React.KeyboardEvent) {
    const items = itemsOf(menu.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number> = {
      ArrowDown: (at + 1) % items.length,
      ArrowUp: (at - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key in move) {
      event.preventDefault();
      items[move[event.key]!]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  }

  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => (o ? false : "first"))}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setOpen(event.key === "ArrowDown" ? "first" : "last");
          }
        }}
      >
        {buttonContent}
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          tabIndex={-1}
          onKeyDown={onMenuKey}
          className={`absolute top-full z-50 mt-1.5 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg ${align === "end" ? "end-0" : "start-0"}`}
        >
          <CloseMenu.Provider value={() => close(false)}>{children}</CloseMenu.Provider>
        </div>
      ) : null}
    </div>
  );
}

const itemClass =
  "block w-full rounded px-3 py-2 text-start text-sm text-slate-700 hover:bg-brand-50 focus:bg-brand-50 focus:outline-none";

export function MenuLink({ to, children }: { to: string; children: React.ReactNode }) {
  const close = useContext(CloseMenu);
  return (
    <Link to={to} role="menuitem" tabIndex={-1} className={itemClass} onClick={close}>
      {children}
    </Link>
  );
}

export function MenuAction({ onSelect, children }: { onSelect: () => void; children: React.ReactNode }) {
  const close = useContext(CloseMenu);
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={itemClass}
      onClick={() => {
        close();
        onSelect();
      }}
    >
      {children}
    </button>
  );
}
