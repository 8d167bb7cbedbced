import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { user, userRoles } from "../db/schema";
import { createLogger } from "../logger";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { grantAdmin, grantAdminByEmail, isAdmin, revokeAdmin } from "./roles";

let s: Services;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(() => s.close());

async function makeUser(id: string) {
  await s.db.insert(user).values({ id, name: `User ${id}`, email: `${id}@example.com` });
}

describe("isAdmin (a user_roles row with role admin)", () => {
  it("is true only with a user_roles row whose role is admin", async () => {
    await makeUser("u-admin");
    await makeUser("u-editor");
    await makeUser("u-none");
    await grantAdmin(s.db, "u-admin");
    await s.db.insert(userRoles).values({ userId: "u-editor", role: "editor" });
    expect(await isAdmin(s.db, "u-admin")).toBe(true);
    expect(await isAdmin(s.db, "u-editor")).toBe(false);
    expect(await isAdmin(s.db, "u-none")).toBe(false);
    expect(await isAdmin(s.db, "no-such-user")).toBe(false);
  });

  it("revoking removes the role; granting twice keeps one row", async () => {
    await makeUser("u-twice");
    await grantAdmin(s.db, "u-twice");
    await grantAdmin(s.db, "u-twice");
    const rows = await s.db.select().from(userRoles).where(eq(userRoles.userId, "u-twice"));
    expect(rows).toHaveLength(1);
    await revokeAdmin(s.db, "u-twice");
    expect(await isAdmin(s.db, "u-twice")).toBe(false);
  });

  it("grants by email case-insensitively and reports unknown emails", async () => {
    await makeUser("u-mail");
    expect(await grantAdminByEmail(s.db, "U-MAIL@example.com")).toBe(true);
    expect(await isAdmin(s.db, "u-mail")).toBe(true);
    expect(await grantAdminByEmail(s.db, "nobody@example.com")).toBe(false);
  });

  it("gives false when the query fails", async () => {
    const broken = {
      select() {
        throw new Error("connection lost");
      },
    } as unknown as Db;
    expect(await isAdmin(broken, "u-admin", createLogger("silent"))).toBe(false);
  });

  it("gives false when the user_roles table cannot be read", async () => {
    await s.db.execute(sql`alter table user_roles rename to user_roles_gone`);
    try {
      expect(await isAdmin(s.db, "u-admin")).toBe(false);
    } finally {
      await s.db.execute(sql`alter table user_roles_gone rename to user_roles`);
    }
    expect(await isAdmin(s.db, "u-admin")).toBe(true);
  });
});
