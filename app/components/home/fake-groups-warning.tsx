import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import "~/locales/content";

/** The warning scrolls once 30% of it is visible; one pass takes 53 seconds, repeating. */
const VISIBLE_THRESHOLD = 0.3;
const SCROLL_DURATION_MS = 53_000;

/**
 * Near the foot of the home page: a scrolling warning about fake groups impersonating the site. The text
 * stands still until the band is first seen (and without JavaScript, or with reduced motion);
 * then it enters from the right edge and leaves at the left, pausing while out of view. In
 * right-to-left pages it runs the other way (in from the left, out at the right), so the start of
 * the sentence still comes into view first.
 */
export function FakeGroupsWarning() {
  const { t } = useTranslation("content");
  const band = useRef<HTMLElement>(null);
  const text = useRef<HTMLParagraphElement>(null);
  const [state, setState] = useState<"idle" | "running" | "paused">("idle");

  useEffect(() => {
    const box = band.current;
    const line = text.current;
    if (!box || !line || typeof IntersectionObserver === "undefined" || !line.animate) return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    // From just beyond the right edge until the last word has left on the left. An RTL line sits
    // at the right edge, so the mirror image of the same offsets makes it enter on the left.
    const frames = () => {
      const sign = getComputedStyle(line).direction === "rtl" ? -1 : 1;
      return [
        { transform: `translateX(${sign * box.clientWidth}px)` },
        { transform: `translateX(${-sign * line.scrollWidth}px)` },
      ];
    };
    let animation: Animation | null = null;
    const visibility = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && entry.intersectionRatio >= VISIBLE_THRESHOLD) {
          animation ??= line.animate(frames(), { duration: SCROLL_DURATION_MS, iterations: Infinity });
          animation.play();
          setState("running");
        } else if (animation) {
          animation.pause();
          setState("paused");
        }
      },
      { threshold: [0, VISIBLE_THRESHOLD] },
    );
    const resize = new ResizeObserver(() =>
      (animation?.effect as KeyframeEffect | null)?.setKeyframes(frames()),
    );
    visibility.observe(box);
    resize.observe(box);
    return () => {
      visibility.disconnect();
      resize.disconnect();
      animation?.cancel();
    };
  }, []);

  return (
    <aside
      ref={band}
      aria-label={t("home.fakeGroupsLabel")}
      data-testid="fake-groups-warning"
      data-state={state}
      className="overflow-hidden border-y-2 border-red-700 bg-red-600 py-3 text-white"
    >
      <p
        ref={text}
        className="inline-block whitespace-nowrap px-4 text-base font-semibold motion-reduce:whitespace-normal"
      >
        {t("home.fakeGroups")}
      </p>
    </aside>
  );
}
