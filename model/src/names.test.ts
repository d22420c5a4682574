import { describe, expect, it } from '@jest/globals';
import { contentNames, kebabCase, pluralOf, snakeCase } from './content-names.js';
import { contentType } from './content-type.js';
import { closeContentTypes, contentTypes, initialRecord, registerContentType } from './content-types.js';
import { text } from './fields.js';
import { landingContent, statistics } from './index.js';

// Every name of a content type comes from its typeName (content-names.ts); these are the names the
// database, the REST paths, the GraphQL schema and the admin routes already use, so a change to the
// derivation that renamed any of them fails here.

const labels = { singular: 'X', plural: 'Xs', entity: 'X', noun: 'x', missingId: 'No X ID', description: 'X.' };

describe('content type names', () => {
  it('keep the existing types exactly as they are named today', () => {
    const names = Object.fromEntries(
      contentTypes.map(({ typeName, queryField, itemField, table, restPath, adminPath, kind }) => [
        typeName,
        kind === 'collection' ? { queryField, itemField, table, restPath, adminPath } : { queryField, table, restPath, adminPath },
      ]),
    );
    expect(names).toEqual({
      LandingContent: { queryField: 'landingContent', table: 'landing_content', restPath: 'landing-content', adminPath: 'content' },
      Statistics: { queryField: 'statistics', table: 'statistics', restPath: 'statistics', adminPath: 'statistics' },
      Country: { queryField: 'countries', itemField: 'country', table: 'countries', restPath: 'countries', adminPath: 'countries' },
      Brand: { queryField: 'brands', itemField: 'brand', table: 'brands', restPath: 'brands', adminPath: 'brands' },
      TeamMember: { queryField: 'teamMembers', itemField: 'teamMember', table: 'team_members', restPath: 'team-members', adminPath: 'team-members' },
      News: { queryField: 'news', itemField: 'newsItem', table: 'news', restPath: 'news', adminPath: 'news' },
      Client: { queryField: 'clients', itemField: 'client', table: 'clients', restPath: 'clients', adminPath: 'clients' },
      ContactInfo: { queryField: 'contactInfo', itemField: 'contactInfoItem', table: 'contact_info', restPath: 'contact-info', adminPath: 'contact-info' },
      SiteSettings: { queryField: 'siteSettings', table: 'site_settings', restPath: 'site-settings', adminPath: 'site' },
      Page: { queryField: 'pages', itemField: 'page', table: 'pages', restPath: 'pages', adminPath: 'pages' },
    });
  });

  it('derive a collection from the plural of its type name', () => {
    expect(contentNames({ kind: 'collection', typeName: 'CaseStudy' })).toEqual({
      queryField: 'caseStudies',
      itemField: 'caseStudy',
      table: 'case_studies',
      restPath: 'case-studies',
      adminPath: 'case-studies',
    });
    expect(contentNames({ kind: 'collection', typeName: 'Box' }).restPath).toBe('boxes');
    expect(contentNames({ kind: 'collection', typeName: 'Day' }).restPath).toBe('days');
    expect(pluralOf('Category')).toBe('Categories');
    expect(kebabCase('HTTPHeader')).toBe('http-header');
    expect(snakeCase('Office365Plan')).toBe('office365_plan');
  });

  it('derive a singleton from its type name, and give a collection whose plural reads the same an Item field', () => {
    expect(contentNames({ kind: 'singleton', typeName: 'FooterText' })).toEqual({
      queryField: 'footerText',
      itemField: 'footerTextItem',
      table: 'footer_text',
      restPath: 'footer-text',
      adminPath: 'footer-text',
    });
    expect(contentNames({ kind: 'collection', typeName: 'Press', plural: 'Press' })).toMatchObject({ queryField: 'press', itemField: 'pressItem' });
  });

  it('take each override as given and derive the rest', () => {
    expect(contentNames({ kind: 'collection', typeName: 'Event', plural: 'Events', table: 'calendar_events', adminPath: 'calendar' })).toEqual({
      queryField: 'events',
      itemField: 'event',
      table: 'calendar_events',
      restPath: 'events',
      adminPath: 'calendar',
    });
    expect(() => contentNames({ kind: 'collection', typeName: 'Event', queryField: 'event', itemField: 'event' })).toThrow('itemField must differ');
    expect(() => contentNames({ kind: 'collection', typeName: 'team-member' })).toThrow('letters and digits only');
  });
});

describe('registering a content type', () => {
  const extra = contentType({ kind: 'collection', typeName: 'Extra', description: 'x', labels, fields: { name: text('Name', 10) } });

  it('refuses a name another type has, adds a new one last, and closes once the list is read', () => {
    expect(() => registerContentType({ ...extra, restPath: 'news' })).toThrow('restPath news is taken by News');
    registerContentType(extra);
    expect(contentTypes.at(-1)).toBe(extra);
    expect(closeContentTypes()).toContain(extra);
    expect(() => registerContentType(contentType({ ...extra, typeName: 'Late' }))).toThrow('registered after the content types were read');
  });
});

describe('a singleton first record', () => {
  it('comes from its declaration: the initial values, then the defaults', () => {
    expect(initialRecord(statistics)).toEqual({ yearEstablished: '2011', expertCount: 0, projectCount: 0, partnerCount: 0 });
    expect(initialRecord(landingContent)).toMatchObject({ heroTagline: 'Strategy that turns ambition into results', mainWebsiteUrl: expect.stringMatching(/^https:/) });
  });

  it('refuses a declaration that leaves a required field without a value', () => {
    const bare = contentType({ kind: 'singleton', typeName: 'Bare', description: 'x', labels, fields: { name: text('Name', 10) } });
    expect(() => initialRecord(bare)).toThrow('the required field name needs an initial value');
  });
});
