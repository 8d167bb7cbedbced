import { forwardRef, type SVGProps } from "react";
import spriteUrl from "./sprite.svg?url";

type IconProps = SVGProps<SVGSVGElement> & { size?: number | string; strokeWidth?: number | string };

const hasA11yProp = (props: Record<string, unknown>) =>
  Object.keys(props).some((key) => key.startsWith("aria-") || key === "role" || key === "title");

/**
 * A lucide icon drawn from the sprite file (decision 012): the same <svg> element and classes
 * lucide-react renders (its shared presentation in app.css), whose content is a <use> of the
 * icon's <symbol>. The page then
 * carries a short reference per icon instead of its paths, and the browser bundle carries no path
 * data; the sprite is one hashed, cacheable file fetched once. Stroke, fill and colour are
 * inherited by the symbol's shapes, so classes like `fill-gold-400` work as before.
 */
export function spriteIcon(names: string) {
  // lucide's classes: its name and its aliases' ("lucide lucide-circle-exclamation-point lucide-alert-circle …").
  const id = names.split(" ")[0]!;
  const classes = `lucide ${names
    .split(" ")
    .map((name) => `lucide-${name}`)
    .join(" ")}`;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per icon at module load, never in a render
  const Icon = forwardRef<SVGSVGElement, IconProps>(
    ({ className, size = 24, strokeWidth = 2, children, ...rest }, ref) => (
      // Fill, stroke colour, line caps and joins are lucide's for every icon: one rule in app.css
      // (`svg.lucide`) rather than five attributes on each of a page's icons.
      <svg
        ref={ref}
        width={size}
        height={size}
        viewBox="0 0 24 24"
        strokeWidth={strokeWidth}
        className={className ? `${classes} ${className}` : classes}
        aria-hidden={children || hasA11yProp(rest) ? undefined : "true"}
        {...rest}
      >
        {children}
        <use href={`${spriteUrl}#${id}`} />
      </svg>
    ),
  );
  Icon.displayName = id;
  return Icon;
}
