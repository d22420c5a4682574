import facebook from './social-icons/facebook.svg?no-inline';
import github from './social-icons/github.svg?no-inline';
import instagram from './social-icons/instagram.svg?no-inline';
import linkedin from './social-icons/linkedin.svg?no-inline';
import x from './social-icons/x.svg?no-inline';
import youtube from './social-icons/youtube.svg?no-inline';

// The networks' marks, white for the footer's dark band: fingerprinted files the footer shows as
// images (never inlined), so the public JavaScript carries only their addresses. The X, YouTube,
// Instagram, Facebook and GitHub marks are Simple Icons' (CC0); the LinkedIn mark is drawn here.

/** The icon of each network (SocialLink.icon). */
export const SOCIAL_ICONS: Readonly<Record<string, string>> = { linkedin, x, youtube, instagram, facebook, github };
