import { data } from "react-router";
import { NotFound } from "~/components/layout/not-found";
import { errorPageMeta } from "~/lib/seo";

export const loader = () => data(null, { status: 404 });
export const action = () => data(null, { status: 404 });

export default function NotFoundRoute() {
  return <NotFound />;
}

export const meta = () => errorPageMeta();
