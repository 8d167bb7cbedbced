import { isRouteErrorResponse, useRouteError } from "react-router";
import { Link } from "~/components/link";
import { Page } from "./page";

/**
 * The one error page of a route that fails to load: the page's own title (so the reader knows
 * where they are), a heading, the HTTP status of a refused request or else `message`, and a way
 * back. The root boundary stays the last resort (and the 404 page).
 */
export function RouteError({
  title,
  subtitle,
  heading,
  message,
  back,
}: {
  title: string;
  subtitle?: string;
  heading?: string;
  message: string;
  back?: { to: string; label: string };
}) {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : message;
  return (
    <Page title={title} subtitle={subtitle}>
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
        {heading ? <p className="font-semibold">{heading}</p> : null}
        <p className={heading ? "mt-1 text-sm" : undefined}>{detail}</p>
        {back ? (
          <Link to={back.to} reloadDocument className="mt-3 inline-block text-sm font-semibold underline">
            {back.label}
          </Link>
        ) : null}
      </div>
    </Page>
  );
}
