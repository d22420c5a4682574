import { TeamPageDocument, type TeamPageQuery } from '../../graphql/generated/graphql';
import { ListPage } from '../layout/ListPage';
import { useSite } from '../site/use-site';
import { TeamMemberCard } from './TeamMemberCard';

export function TeamPage() {
  const { firmName } = useSite();
  return (
    <ListPage<TeamPageQuery, TeamPageQuery['teamMembers'][number]>
      query={TeamPageDocument}
      items={(data) => data.teamMembers}
      meta={{ title: `Our Team | ${firmName}`, description: `Meet the consultants and advisers of ${firmName}.` }}
      hero={{ title: 'Our Team', subtitle: 'Meet the consultants and advisers who bring our expertise to every engagement.' }}
      texts={{ loading: 'Loading team members...', failed: 'Failed to load team members', empty: 'No team members to display yet.' }}
      grid="portraits"
      renderItem={(member, { eager }) => <TeamMemberCard member={member} eager={eager} />}
    />
  );
}
