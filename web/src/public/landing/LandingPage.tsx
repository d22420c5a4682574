import { useEffect } from 'react';
import { Container } from '@chakra-ui/react';
import { useLocation } from 'react-router';
import { ContactSectionDocument, LandingPageDocument } from '../../graphql/generated/graphql';
import { ErrorState, LoadingState } from '../../components/PageStatus';
import { ContactSection } from '../contact/ContactSection';
import { useSite } from '../site/use-site';
import type { Site } from '../site/site';
import { PageMeta } from '../page-meta';
import { goToSection } from '../sections';
import { isRestoringScroll } from '../layout/scroll-restoration';
import { BrandsSection } from './BrandsSection';
import { HERO_POSTER_URL, HeroSection } from './HeroSection';
import { NewsPreviewSection } from './NewsPreviewSection';
import { PresenceSection } from './PresenceSection';
import { ProjectsPreviewSection } from './ProjectsPreviewSection';
import { ServicesSection } from './ServicesSection';
import { StatisticsSection } from './StatisticsSection';
import { TeamSection } from './TeamSection';
import { WhoWeAreSection } from './WhoWeAreSection';
import { usePublicQuery } from '../page-data/public-data';

// Shown until the firm has saved its own landing content (the server seeds it on first start).
const fallbackContent = (site: Site) => ({
  heroTagline: 'Strategy, reform and growth',
  heroSubtitle: site.description,
  companyDescription: `${site.firmName} is an independent management consulting firm.`,
  mainWebsiteUrl: '',
});

export function LandingPage() {
  const { data, loading, error } = usePublicQuery(LandingPageDocument);
  // The contact section's own query (answered once, shared): its entries are the firm's contact points.
  const contacts = usePublicQuery(ContactSectionDocument).data?.contactInfo ?? [];
  const { hash, key } = useLocation();
  const site = useSite();
  const ready = !loading && !error && data !== undefined;

  // Arriving from another page at /#section: land on that section once it is rendered (not when
  // back/forward puts the visitor where they were: scroll-restoration.ts).
  useEffect(() => {
    if (ready && hash.length > 1 && !isRestoringScroll(key)) goToSection(decodeURIComponent(hash.slice(1)), { smooth: false });
  }, [ready, hash, key]);

  const content = data?.landingContent ?? fallbackContent(site);
  const meta = (
    <PageMeta
      title={`${site.firmName} | ${content.heroTagline}`}
      description={content.heroSubtitle}
      preloadImages={[HERO_POSTER_URL]}
      structuredData={[{ type: 'Organization', website: content.mainWebsiteUrl || undefined, contacts, sisters: data?.brands ?? [] }]}
    />
  );

  if (loading) {
    return (
      <Container maxW="6xl">
        {meta}
        <LoadingState text="Loading..." />
      </Container>
    );
  }
  if (!ready) {
    return (
      <Container maxW="6xl">
        {meta}
        <ErrorState title="Failed to load content" text="Please try again later" />
      </Container>
    );
  }
  return (
    <>
      {meta}
      <HeroSection tagline={content.heroTagline} subtitle={content.heroSubtitle} />
      <WhoWeAreSection description={content.companyDescription} websiteUrl={content.mainWebsiteUrl || undefined} />
      <ServicesSection />
      <StatisticsSection statistics={data.statistics} />
      <PresenceSection countries={data.countries} />
      <BrandsSection brands={data.brands} />
      <TeamSection />
      <NewsPreviewSection preview={data.newsPreview} />
      <ProjectsPreviewSection preview={data.projectsPreview} />
      <ContactSection />
    </>
  );
}
