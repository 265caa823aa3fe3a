import { Migration } from '@mikro-orm/migrations';

export class Migration0003Accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "code_challenges" ("id" uuid not null, "email" text not null, "code_hmac" text not null, "attempts" int not null default 0, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "verified_at" timestamptz null, "used_at" timestamptz null, "replaced_at" timestamptz null, constraint "code_challenges_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "code_challenges_email_index" on "code_challenges" ("email");`);

    this.addSql(
      `create table "users" ("id" uuid not null, "first" text not null, "last" text not null, "email" text not null, "password_hash" text null, "role" text check ("role" in ('USER', 'ADMIN')) not null default 'USER', "google_subject" text null, "created_at" timestamptz not null default now(), constraint "users_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`alter table "users" add constraint "users_google_subject_unique" unique ("google_subject");`);

    this.addSql(
      `create table "sessions" ("id" uuid not null, "token_hash" text not null, "user_id" uuid not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "revoked_at" timestamptz null, constraint "sessions_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "sessions" add constraint "sessions_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);

    this.addSql(
      `create table "password_resets" ("id" uuid not null, "token_hash" text not null, "user_id" uuid not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "used_at" timestamptz null, constraint "password_resets_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "password_resets" add constraint "password_resets_token_hash_unique" unique ("token_hash");`,
    );

    this.addSql(
      `alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "password_resets" add constraint "password_resets_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);

    this.addSql(`alter table "password_resets" drop constraint "password_resets_user_id_foreign";`);

    this.addSql(`drop table if exists "code_challenges" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "sessions" cascade;`);

    this.addSql(`drop table if exists "password_resets" cascade;`);
  }
}
