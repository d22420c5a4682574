import { Migration } from '@mikro-orm/migrations';

export class Migration20261122111144_initial extends Migration {

  override name = 'Migration20261122111144_initial';

  override up(): void | Promise<void> {
    this.addSql(`create table "brands" ("id" serial primary key, "name" text not null, "logo_url" text not null, "website_url" text not null, "description" text null, "display_order" int not null default 0);`);

    this.addSql(`create table "clients" ("id" serial primary key, "title" text not null, "picture_url" text not null, "brief" text null, "country" text null, "featured" boolean not null default false, "display_order" int not null default 0);`);

    this.addSql(`create table "contact_info" ("id" serial primary key, "type" text not null, "value" text not null, "label" text null, "icon" text not null default 'Mail', "display_order" int not null default 0);`);

    this.addSql(`create table "countries" ("id" serial primary key, "name" text not null, "code" text not null, "flag_image_url" text not null, "display_order" int not null default 0);`);

    this.addSql(`create table "landing_content" ("id" serial primary key, "hero_tagline" text not null, "hero_subtitle" text not null, "company_description" text not null, "main_website_url" text not null default 'https://www.example.com');`);

    this.addSql(`create table "login_throttle" ("key" text not null, "failures" int not null, "window_started_at" timestamptz not null, primary key ("key"));`);

    this.addSql(`create table "news" ("id" serial primary key, "title" text not null, "picture_url" text not null, "brief" text not null, "content" text null, "link" text null, "featured" boolean not null default false, "display_order" int not null default 0, "created_at" timestamptz not null default now());`);

    this.addSql(`create table "sessions" ("sid" varchar not null, "sess" json not null, "expire" timestamp(6) not null, primary key ("sid"));`);
    this.addSql(`create index "IDX_sessions_expire" on "sessions" ("expire");`);

    this.addSql(`create table "statistics" ("id" serial primary key, "year_established" text not null, "expert_count" int not null, "project_count" int not null, "partner_count" int not null);`);

    this.addSql(`create table "team_members" ("id" serial primary key, "name" text not null, "position" text not null, "picture_url" text not null, "brief" text null, "display_order" int not null default 0);`);

    this.addSql(`create table "users" ("id" uuid not null default gen_random_uuid(), "username" text not null, "password_hash" text not null, "email" text null, "first_name" text null, "last_name" text null, "profile_image_url" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`alter table "users" add constraint "users_username_unique" unique ("username");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "brands" cascade;`);
    this.addSql(`drop table if exists "clients" cascade;`);
    this.addSql(`drop table if exists "contact_info" cascade;`);
    this.addSql(`drop table if exists "countries" cascade;`);
    this.addSql(`drop table if exists "landing_content" cascade;`);
    this.addSql(`drop table if exists "login_throttle" cascade;`);
    this.addSql(`drop table if exists "news" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
    this.addSql(`drop table if exists "statistics" cascade;`);
    this.addSql(`drop table if exists "team_members" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
  }

}
