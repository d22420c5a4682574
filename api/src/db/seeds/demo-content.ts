import type { EntityManager } from '@mikro-orm/postgresql';
import * as model from '@consulting/model';
import { collections, entityOf } from '../../content/registry.js';
import { slugOf } from '../../content/pages/slugs.js';
import { recordUnlistedChanges } from '../../content/history/history.service.js';
import type { ImageStorage } from '../../uploads/storage.js';
import { saveImage } from '../../uploads/upload.service.js';
import { originalName } from '../../uploads/variants.js';
import { seedDemoSite } from './demo-site.js';
import { Canvas, hex, mix, type Rgb } from './png.js';
import { UPLOADS_ROOT } from '../../shared/url-paths.js';

const Country = entityOf(model.countries);
const Brand = entityOf(model.brands);
const TeamMember = entityOf(model.teamMembers);
const News = entityOf(model.news);
const Client = entityOf(model.clients);
const ContactInfo = entityOf(model.contactInfo);
const LandingContent = entityOf(model.landingContent);
const Statistics = entityOf(model.statistics);

// Realistic but fictional demo content: invented people, companies and projects, example.com
// addresses, 555 phone numbers. Images are painted here and stored like uploads.

const flags: Array<[name: string, code: string, direction: 'vertical' | 'horizontal', colours: string[]]> = [
  ['Germany', 'DE', 'horizontal', ['#000000', '#dd0000', '#ffce00']],
  ['France', 'FR', 'vertical', ['#0055a4', '#ffffff', '#ef4135']],
  ['Italy', 'IT', 'vertical', ['#009246', '#ffffff', '#ce2b37']],
  ['Netherlands', 'NL', 'horizontal', ['#ae1c28', '#ffffff', '#21468b']],
  ['Ireland', 'IE', 'vertical', ['#169b62', '#ffffff', '#ff883e']],
  ['Austria', 'AT', 'horizontal', ['#ed2939', '#ffffff', '#ed2939']],
  ['Belgium', 'BE', 'vertical', ['#000000', '#fdda24', '#ef3340']],
];

const brands = [
  {
    name: 'Northwind Analytics',
    colour: '#1f6feb',
    description: 'Data platforms and decision dashboards for ministries and mid-sized manufacturers.',
  },
  {
    name: 'Meridian Public Advisory',
    colour: '#8250df',
    description: 'Institutional reform, policy design and capacity building for the public sector.',
  },
  { name: 'Halcyon Ventures Lab', colour: '#d1242f', description: null },
  {
    name: 'Tessellate Trade Partners',
    colour: '#1a7f37',
    description: 'Export readiness programmes and partner search in new markets.',
  },
];

const team = [
  ['Amira Haddad', 'Managing Partner', 'Twenty years advising governments and family businesses on strategy and growth.'],
  ['Jonas Lindqvist', 'Director, Public Sector Reform', 'Led institutional reviews in eleven countries.'],
  ['Priya Raman', 'Head of Market Research', 'Turns market data into clear export and investment decisions.'],
  ['Mateo Alvarez', 'Senior Consultant, Mergers & Acquisitions', 'Valuations, due diligence and post-merger integration.'],
  ['Chloé Martin', 'Innovation Management Lead', null],
  ['Daniel Okafor', 'Technology & AI Practice Lead', 'Builds pragmatic AI and automation roadmaps that teams actually adopt.'],
] as const;

const news = [
  {
    title: 'We opened a new office in Rotterdam',
    brief: 'Our sixth office brings us closer to clients in the Benelux logistics and port sector.',
    content:
      'The Rotterdam team starts with eight consultants focused on supply-chain strategy, port authority reform and export planning. (Demo article: this office is fictional.)',
    link: 'https://www.example.com/news/rotterdam-office',
    featured: true,
  },
  {
    title: 'Guide: preparing a feasibility study investors trust',
    brief: 'Five questions every feasibility study should answer before it reaches an investment committee.',
    content: null,
    link: 'https://www.example.com/insights/feasibility-guide',
    featured: true,
  },
  {
    title: 'Northwind Analytics joins the group',
    brief: 'Our data and dashboard practice becomes a dedicated sister company.',
    content: 'Northwind Analytics will continue to serve existing clients under the same team. (Demo article.)',
    link: null,
    featured: false,
  },
  {
    title: 'Recognised for public-sector innovation',
    brief: 'An independent jury recognised our digital permits programme with a regional innovation award.',
    content: null,
    link: null,
    featured: true,
  },
  {
    title: 'Webinar recording: AI in mid-sized companies',
    brief: 'Where AI pays off first, and how to start without a data science department.',
    content: null,
    link: 'https://www.example.com/webinars/ai-mid-sized',
    featured: false,
  },
];

const projects = [
  ['National export strategy for a mid-sized economy', 'Germany', true, 'Market prioritisation and a five-year action plan for 40 sectors.'],
  ['Digital permits programme for a regional government', 'Netherlands', true, 'Redesigned 120 permit processes; average approval time fell by half.'],
  ['Valuation and sale of a family-owned food producer', 'Italy', true, null],
  ['Innovation fund design for a chamber of commerce', 'Austria', false, 'Grant scheme, selection criteria and monitoring framework.'],
  ['Hospital network reorganisation study', 'France', false, 'Demand forecast and options appraisal for four hospitals.'],
  ['AI-assisted customer service roadmap for a utility', 'Ireland', false, null],
  ['Port logistics feasibility study', 'Belgium', false, 'Traffic forecast, capex plan and financing options.'],
] as const;

const contacts = [
  { type: 'email', value: 'hello@consulting.example', label: 'Email us', icon: 'Mail' },
  { type: 'phone', value: '+1 555 0100', label: 'Call us', icon: 'Phone' },
  { type: 'address', value: '12 Example Street, Suite 400, Springfield', label: 'Visit us', icon: 'MapPin' },
  { type: 'website', value: 'https://www.example.com', label: null, icon: 'Globe' },
];

const palette: Rgb[] = ['#0b3d91', '#1a7f37', '#8250df', '#bf3989', '#d1242f', '#9a6700', '#0969da'].map(hex);

/** Replaces every collection with demo content and rewrites the singletons (the site settings: the demo firm; demo-site.ts). */
export async function seedDemoContent(em: EntityManager, storage: ImageStorage): Promise<Record<string, number>> {
  // Through the upload service, so the demo images are re-encoded and have their variants; all
  // at once (sharp works off the event loop), awaited before the transaction commits.
  const pending: Promise<unknown>[] = [];
  const image = (name: string, canvas: Canvas) => {
    const base = name.replace(/\.png$/, '');
    pending.push(saveImage(canvas.toPng(), storage, base));
    // The name saveImage stores it under: its width in it (originalName).
    return `${UPLOADS_ROOT}/${originalName(base, canvas.width, 'png')}`;
  };

  return em.transactional(async (tx) => {
    for (const { entity } of collections) await tx.nativeDelete(entity, {});

    for (const [index, [name, code, direction, colours]] of flags.entries()) {
      const flagImageUrl = image(`demo-flag-${code.toLowerCase()}.png`, new Canvas(90, 60).stripes(direction, colours.map(hex)));
      tx.create(Country, { name, code, flagImageUrl, displayOrder: index });
    }

    for (const [index, brand] of brands.entries()) {
      const colour = hex(brand.colour);
      const logo = new Canvas(240, 240)
        .ellipse(120, 120, 100, 100, colour)
        .ellipse(120, 120, 62, 62, [255, 255, 255])
        .rect(104, 40, 32, 160, colour);
      tx.create(Brand, {
        name: brand.name,
        logoUrl: image(`demo-brand-${index + 1}.png`, logo),
        websiteUrl: `https://${brand.name.split(' ')[0].toLowerCase()}.example.com`,
        description: brand.description,
        displayOrder: index,
      });
    }

    for (const [index, [name, position, brief]] of team.entries()) {
      const colour = palette[index % palette.length];
      const portrait = new Canvas(320, 320)
        .verticalGradient(mix(colour, [255, 255, 255], 0.75), mix(colour, [255, 255, 255], 0.35))
        .ellipse(160, 330, 120, 110, mix(colour, [0, 0, 0], 0.35))
        .ellipse(160, 140, 62, 72, [224, 190, 160]);
      tx.create(TeamMember, {
        name,
        position,
        brief,
        pictureUrl: image(`demo-team-${index + 1}.png`, portrait),
        displayOrder: index,
      });
    }

    for (const [index, article] of news.entries()) {
      tx.create(News, {
        ...article,
        slug: slugOf(article.title),
        contentDocument: article.content === null ? null : model.richTextFromPlainText(article.content),
        pictureUrl: image(`demo-news-${index + 1}.png`, scene(index)),
        displayOrder: index,
        // Spread the dates over the last months so the list looks lived-in.
        createdAt: new Date(Date.now() - index * 23 * 24 * 60 * 60 * 1000),
      });
    }

    for (const [index, [title, country, featured, brief]] of projects.entries()) {
      tx.create(Client, {
        title,
        slug: slugOf(title),
        country,
        featured,
        brief,
        pictureUrl: image(`demo-project-${index + 1}.png`, scene(index + 3)),
        displayOrder: index,
      });
    }

    for (const [index, contact] of contacts.entries()) {
      tx.create(ContactInfo, { ...contact, displayOrder: index });
    }

    const landing = (await tx.find(LandingContent, {}, { orderBy: { id: 'asc' }, limit: 1 }))[0] ?? tx.create(LandingContent, {} as never);
    tx.assign(landing, {
      heroTagline: 'Clear strategy. Measurable results.',
      heroSubtitle: 'Independent consultants for governments, institutions and growing companies since 2011.',
      companyDescription:
        'Meridian Advisory (a fictional firm) helps public and private organisations plan, reform and grow. ' +
        'Our teams combine strategy, public-sector reform, market research, transaction advisory and technology, ' +
        'and stay until the plan works in practice.',
      mainWebsiteUrl: 'https://www.example.com',
    });
    const statistics = (await tx.find(Statistics, {}, { orderBy: { id: 'asc' }, limit: 1 }))[0] ?? tx.create(Statistics, {} as never);
    tx.assign(statistics, { yearEstablished: '2011', expertCount: 45, projectCount: 320, partnerCount: 28 });

    const site = await seedDemoSite(tx, storage);

    await Promise.all(pending);
    // Each demo record's history starts with its demo state (no author: the seed wrote it).
    await tx.flush();
    await recordUnlistedChanges(tx);
    return {
      countries: flags.length,
      brands: brands.length,
      teamMembers: team.length,
      news: news.length,
      clients: projects.length,
      contactInfo: contacts.length,
      pages: site.pages,
    };
  });
}

/** A 16:9 picture: a gradient sky and a few bars, in one of the palette's colours. */
function scene(seed: number): Canvas {
  const colour = palette[seed % palette.length];
  const canvas = new Canvas(480, 270).diagonalGradient(mix(colour, [255, 255, 255], 0.2), mix(colour, [255, 255, 255], 0.85));
  for (let bar = 0; bar < 5; bar++) {
    const height = 40 + ((seed * 37 + bar * 53) % 140);
    canvas.rect(60 + bar * 76, 250 - height, 48, height, mix(colour, [0, 0, 0], 0.3));
  }
  return canvas.ellipse(400, 60, 28, 28, [255, 255, 255]);
}
