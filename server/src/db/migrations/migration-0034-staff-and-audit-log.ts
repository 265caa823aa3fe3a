import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27, decisions 0102 and 0103: a team behind the counter and a record of what it does. Users may be STAFF or
 * MANAGER beside USER and ADMIN (the owner); the owner's invitations wait in staff_invitations until the address
 * signs in; every admin write leaves a row in audit_log, indexed so each filter pages newest first by keyset.
 */
export class Migration0034StaffAndAuditLog extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "users" drop constraint if exists "users_role_check", add constraint "users_role_check" check ("role" in ('USER', 'STAFF', 'MANAGER', 'ADMIN'));`,
    );
    this.addSql(`create index "users_team_index" on "users" ("role") where role <> 'USER';`);
    this.addSql(
      `create table "staff_invitations" ("id" uuid not null, "email" text null, "phone" text null, "role" text check ("role" in ('STAFF', 'MANAGER')) not null, "invited_by_id" uuid null, "created_at" timestamptz not null default now(), "accepted_at" timestamptz null, "user_id" uuid null, "cancelled_at" timestamptz null, constraint "staff_invitations_pkey" primary key ("id"), constraint staff_invitations_email_or_phone check (email is not null or phone is not null));`,
    );
    this.addSql(`create index "staff_invitations_email_index" on "staff_invitations" ("email");`);
    this.addSql(`create index "staff_invitations_phone_index" on "staff_invitations" ("phone");`);
    this.addSql(`create index "staff_invitations_user_id_index" on "staff_invitations" ("user_id");`);
    this.addSql(`create index "staff_invitations_invited_by_id_index" on "staff_invitations" ("invited_by_id");`);
    this.addSql(
      `alter table "staff_invitations" add constraint "staff_invitations_invited_by_id_foreign" foreign key ("invited_by_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "staff_invitations" add constraint "staff_invitations_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `create table "audit_log" ("id" bigserial primary key, "created_at" timestamptz not null, "actor_id" uuid null, "actor_name" text not null, "actor_role" text not null, "action" text not null, "target_type" text not null, "target_id" text null, "before" jsonb null, "after" jsonb null, "request_id" text not null);`,
    );
    this.addSql(`create index "audit_log_created_at_id_index" on "audit_log" ("created_at", "id");`);
    this.addSql(
      `create index "audit_log_actor_id_created_at_id_index" on "audit_log" ("actor_id", "created_at", "id");`,
    );
    this.addSql(`create index "audit_log_action_created_at_id_index" on "audit_log" ("action", "created_at", "id");`);
    this.addSql(
      `create index "audit_log_target_created_at_id_index" on "audit_log" ("target_type", "target_id", "created_at", "id");`,
    );
    this.addSql(
      `alter table "audit_log" add constraint "audit_log_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on update cascade on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_log";`);
    this.addSql(`drop table if exists "staff_invitations";`);
    this.addSql(`drop index if exists "users_team_index";`);
    this.addSql(`update "users" set "role" = 'USER' where "role" in ('STAFF', 'MANAGER');`);
    this.addSql(
      `alter table "users" drop constraint if exists "users_role_check", add constraint "users_role_check" check ("role" in ('USER', 'ADMIN'));`,
    );
  }
}
