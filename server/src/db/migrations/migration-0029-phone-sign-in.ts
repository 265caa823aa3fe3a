import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 26: an account may be known by a phone number (E.164, +254…) instead of, or beside, an e-mail, and a
 * sign-in code may be sent to either. Each account keeps at least one of the two; each code challenge names
 * exactly one. Written by hand.
 */
export class Migration0029PhoneSignIn extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" alter column "email" drop not null;`);
    this.addSql(`alter table "users" add column "phone" text null;`);
    this.addSql(`alter table "users" add constraint "users_phone_unique" unique ("phone");`);
    this.addSql(
      `alter table "users" add constraint "users_email_or_phone" check (email is not null or phone is not null);`,
    );
    this.addSql(`alter table "code_challenges" alter column "email" drop not null;`);
    this.addSql(`alter table "code_challenges" add column "phone" text null;`);
    this.addSql(`create index "code_challenges_phone_index" on "code_challenges" ("phone");`);
    this.addSql(
      `alter table "code_challenges" add constraint "code_challenges_email_or_phone" check (num_nonnulls(email, phone) = 1);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "code_challenges" drop constraint "code_challenges_email_or_phone";`);
    this.addSql(`delete from "code_challenges" where "email" is null;`);
    this.addSql(`drop index "code_challenges_phone_index";`);
    this.addSql(`alter table "code_challenges" drop column "phone";`);
    this.addSql(`alter table "code_challenges" alter column "email" set not null;`);
    this.addSql(`alter table "users" drop constraint "users_email_or_phone";`);
    this.addSql(`alter table "users" drop constraint "users_phone_unique";`);
    this.addSql(`alter table "users" drop column "phone";`);
    this.addSql(`alter table "users" alter column "email" set not null;`);
  }
}
