import { Migration } from '@mikro-orm/migrations';

export class Migration20261123175233_versions_and_alt_text extends Migration {

  override name = 'Migration20261123175233_versions_and_alt_text';

  override up(): void | Promise<void> {
    this.addSql(`alter table "brands" add "alt_text" text null, add "version" int not null default 1;`);

    this.addSql(`alter table "clients" add "alt_text" text null, add "version" int not null default 1;`);

    this.addSql(`alter table "contact_info" add "version" int not null default 1;`);

    this.addSql(`alter table "countries" add "version" int not null default 1;`);

    this.addSql(`alter table "landing_content" add "version" int not null default 1;`);

    this.addSql(`alter table "news" add "alt_text" text null, add "version" int not null default 1;`);

    this.addSql(`alter table "statistics" add "version" int not null default 1;`);

    this.addSql(`alter table "team_members" add "alt_text" text null, add "version" int not null default 1;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "brands" drop column "alt_text", drop column "version";`);

    this.addSql(`alter table "clients" drop column "alt_text", drop column "version";`);

    this.addSql(`alter table "contact_info" drop column "version";`);

    this.addSql(`alter table "countries" drop column "version";`);

    this.addSql(`alter table "landing_content" drop column "version";`);

    this.addSql(`alter table "news" drop column "alt_text", drop column "version";`);

    this.addSql(`alter table "statistics" drop column "version";`);

    this.addSql(`alter table "team_members" drop column "alt_text", drop column "version";`);
  }

}
