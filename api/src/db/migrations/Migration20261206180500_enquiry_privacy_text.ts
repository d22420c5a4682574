import { Migration } from '@mikro-orm/migrations';

// The words beside the public contact form's consent box (site settings, the admin's Site screen).
export class Migration20261206180500_enquiry_privacy_text extends Migration {

  override name = 'Migration20261206180500_enquiry_privacy_text';

  override up(): void | Promise<void> {
    this.addSql(`alter table "site_settings" add column "enquiry_privacy_text" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "site_settings" drop column "enquiry_privacy_text";`);
  }

}
