import { ENQUIRIES_NAV_ITEM } from '../enquiries/enquiries-nav';
import { useEnquiryCounts } from '../enquiries/use-enquiry-counts';

export interface NavBadge {
  /** What the badge shows ('2'). */
  count: string;
  /** What the count is of, after it in the link's name ('Enquiries, 2 unread'). */
  meaning: string;
}

const number = (n: number) => n.toLocaleString('en-US');

/** The sidebar's badges by link: the unread enquiries (for roles that may read them, only when there are some). */
export function useNavBadges(): Record<string, NavBadge | undefined> {
  const { counts } = useEnquiryCounts();
  const unread = counts?.unread ?? 0;
  return unread > 0 ? { [ENQUIRIES_NAV_ITEM.to]: { count: number(unread), meaning: 'unread' } } : {};
}
