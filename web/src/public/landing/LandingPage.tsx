import { useEffect } from 'react';
import { Container } from '@chakra-ui/react';
import { useLocation } from 'react-router';
import { ContactSectionDocument, LandingPageDocument } from '../../graphql/generated/graphql';
import { ErrorState, LoadingState } from '../../components/PageStatus';
import { ContactSection } from '../contact/ContactSection';
import { FIRM_NAME, FIRM_SHORT_DESCRIPTION } from '../firm';
import { PageMeta } from '../page-meta';
import { goToSection } from '../sections';
import { isRestoringScroll } from '../layout/scroll-restoration';
import { BrandsSection } from './BrandsSection';
import { HERO_POSTER_URL, HeroSection } from './HeroSection';
import { organizationData } from '../seo/structured-data';
import { NewsPreviewSection } from './NewsPreviewSection';
import { PresenceSection } from './PresenceSection';
import { ProjectsPreviewSection } from './ProjectsPreviewSection';
import { ServicesSection } from './ServicesSection';
import { StatisticsSection } from './StatisticsSection';
import { TeamSection } from './TeamSection';
import { WhoWeAreSection } from './WhoWeAreSection';
import { usePublicQuery } from '../page-data/public-data';

// Shown until the firm has saved its own landing content (the server seeds it on first start).
const FALLBACK_CONTENT = {
  heroTagline: 'Strategy, reform and growth',
  heroSubtitle: FIRM_SHORT_DESCRIPTION,
  companyDescription: `${FIRM_NAME} is an independent management consulting firm.`,
  mainWebsiteUrl: '',
};

export function LandingPage() {
  const { data, loading, error } = usePublicQuery(LandingPageDocument);
  // The contact section's own query (answered once, shared): its entries are the firm's contact points.
  const contacts = usePublicQuery(ContactSectionDocument).data?.contactInfo ?? [];
  const { hash, key } = useLocation();
  const ready = !loading && !error && data !== undefined;

  // Arriving from another page at /#section: land on that section once it is rendered (not when
  // back/forward puts the visitor where they were: scroll-restoration.ts).
  useEffect(() => {
    if (ready && hash.length > 1 && !isRestoringScroll(key)) goToSection(decodeURIComponent(hash.slice(1)), { smooth: false });
  }, [ready, hash, key]);

  const content = data?.landingContent ?? FALLBACK_CONTENT;
  const meta = (
    <PageMeta
      title={`${FIRM_NAME} | ${content.heroTagline}`}
      description={content.heroSubtitle}
      preloadImages={[HERO_POSTER_URL]}
      structuredData={(origin) => [
        organizationData(origin, {
          description: content.companyDescription,
          website: content.mainWebsiteUrl || undefined,
          contacts,
          sisters: data?.brands ?? [],
        }),
      ]}
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
