import { z } from "zod";
import { PUSH_MESSAGES } from "#common/push-schema";
import { services } from "~/lib/auth.server";
import { userApi } from "~/lib/server/webhooks-api.server";
import type { Route } from "./+types/api.push.send-test";

const testSchema = z.object({ lang: z.enum(["en", "ar"]).catch("en").default("en") });

/** POST /api/push/test { lang? }: a test notification to each of the user's devices, now. */
export async function action({ request, context }: Route.ActionArgs) {
  return userApi(
    request,
    context,
    { methods: ["POST"], schema: testSchema, signIn: PUSH_MESSAGES.signIn },
    async (userId, input: z.infer<typeof testSchema>) => ({
      ok: true,
      ...(await services(context).push.sendTest(userId, input.lang)),
    }),
  );
}
