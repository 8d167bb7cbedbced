import { data } from "react-router";
import { NotFound } from "~/components/layout/not-found";

export const loader = () => data(null, { status: 404 });
export const action = () => data(null, { status: 404 });

export default function NotFoundRoute() {
  return <NotFound />;
}

export const meta = () => [{ title: "Page not found — GulfPulse" }];
