import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { PageFrame, PageLoadFailure } from '@/components/PageFrame';
import { ACTIVITY_TYPE_INFO } from '@/domain/activity';
import {
  ADMIN_SECTIONS,
  ADMINS_ONLY_SECTIONS,
  FIRST_ADMIN_SECTION,
  isAdminSection,
  type AdminSection,
} from '@/domain/adminSections';
import { topicRoomKey } from '@/domain/chatRooms';
import { ACTIVITY_TYPES } from '@/domain/contract';
import {
  ACTION_TARGETS,
  MODERATION_ACTIONS,
  administers,
  isRecordedAction,
  moderates,
  type AdminUserRow,
  type ModerationActionKind,
  type ModerationActionRow,
  type QueueReport,
  type ReportKind,
} from '@/domain/moderation';
import {
  ADMIN_INTENTS,
  AdminLayout,
  ModerationLog,
  PeopleList,
  ReportQueue,
  ServerSection,
  SignupSection,
  loadAdminUsers,
  loadQueue,
  loadRecord,
  loadServerStatus,
  loadSignupSettings,
  type AdminActionResult,
  type RecordFilters,
} from '@/features/admin';
import {
  createInvitation,
  listInvitations,
  revokeInvitation,
  type SettingsActionResult,
} from '@/features/settings';
import type { ServerStatus, SignupSettings } from '@/domain/serverAdmin';
import type { InvitationRow } from '@/domain/signup';
import {
  MODERATION_INTENTS,
  ModerateForm,
  SlowModeList,
  loadSlowMode,
  standingFor,
  type ModerationActionResult,
  type SlowModeRoom,
} from '@/features/moderation';
import { t, useT } from '@/i18n';
import { formText } from '@/lib/formValues';
import { runIntent } from '@/lib/routeActions';
import { loadFailure, requireSignedIn } from '../guards';
import { notFound, requireValidSearch } from '../validity';

/** What one section shows, loaded when it is opened. */
type SectionData =
  | { section: 'reports'; reports: QueueReport[]; next: string | null }
  | { section: 'people'; query: string; people: AdminUserRow[]; next: string | null; mayChangeRoles: boolean }
  | { section: 'rooms'; rooms: SlowModeRoom[] }
  | {
      section: 'log';
      actions: ModerationActionRow[];
      next: string | null;
      filters: RecordFilters;
    }
  | { section: 'signup'; settings: SignupSettings; invitations: InvitationRow[] | null }
  | { section: 'server'; status: ServerStatus };

interface LoaderData {
  sections: AdminSection[];
  shown: SectionData | null;
  loadError: string | null;
}

const anything = () => true;

/**
 * Moderators and admins only: anyone else finds no such page (the server refuses them every
 * function of it regardless).
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<LoaderData> {
  const user = await requireSignedIn(request);
  const params = requireValidSearch(request, {
    section: isAdminSection,
    action: (value) => value === '' || isRecordedAction(value),
    moderator: anything,
    person: anything,
    q: anything,
    before: anything,
  });
  let role;
  try {
    ({ role } = await standingFor(user.id));
  } catch (error) {
    return { sections: [], shown: null, loadError: loadFailure(request, error) };
  }
  if (!moderates(role)) throw notFound();
  const sections = ADMIN_SECTIONS.filter(
    (section) => !ADMINS_ONLY_SECTIONS.includes(section) || administers(role),
  );
  const named = params.get('section');
  const section = isAdminSection(named) ? named : FIRST_ADMIN_SECTION;
  if (!sections.includes(section)) throw notFound();
  try {
    return { sections, shown: await loadSection(section, params, administers(role)), loadError: null };
  } catch (error) {
    return { sections, shown: null, loadError: loadFailure(request, error) };
  }
}

async function loadSection(
  section: AdminSection,
  params: URLSearchParams,
  admin: boolean,
): Promise<SectionData> {
  const before = params.get('before');
  switch (section) {
    case 'reports': {
      const { reports, next } = await loadQueue(before);
      return { section, reports, next };
    }
    case 'people': {
      const query = params.get('q')?.trim() ?? '';
      const { users, next } = await loadAdminUsers(query, before);
      return { section, query, people: users, next, mayChangeRoles: admin };
    }
    case 'rooms': {
      const rooms = await Promise.all(
        ACTIVITY_TYPES.map(async (type): Promise<SlowModeRoom> => {
          const room = topicRoomKey(type);
          return { room, label: ACTIVITY_TYPE_INFO[type].label, seconds: await loadSlowMode(room) };
        }),
      );
      return { section, rooms };
    }
    case 'log': {
      const action = params.get('action');
      const moderator = params.get('moderator')?.trim();
      const person = params.get('person')?.trim();
      const filters: RecordFilters = {
        ...(isRecordedAction(action) ? { action } : {}),
        ...(moderator ? { moderator } : {}),
        ...(person ? { person } : {}),
      };
      const { actions, next } = await loadRecord(filters, before);
      return { section, actions, next, filters };
    }
    case 'signup': {
      const settings = await loadSignupSettings();
      // Invitations mean something only while sign-up is by invitation.
      const invitations = settings.mode === 'invite' ? await listInvitations() : null;
      return { section, settings, invitations };
    }
    case 'server':
      return { section, status: await loadServerStatus() };
  }
}

type PageActionResult = AdminActionResult | ModerationActionResult | SettingsActionResult;

/** The settings' invitations panel posts these, here as on the settings page. */
const INVITATION_INTENTS = {
  invite: async (): Promise<SettingsActionResult> => ({
    kind: 'invited',
    invitation: await createInvitation(),
  }),
  revokeInvitation: async (form: FormData): Promise<SettingsActionResult> => {
    await revokeInvitation(formText(form, 'invitationId'));
    return { kind: 'saved', notice: t('settings.notices.invitationRevoked') };
  },
};

export async function action({ request }: ActionFunctionArgs): Promise<PageActionResult> {
  return runIntent<PageActionResult>(await request.formData(), {
    ...MODERATION_INTENTS,
    ...ADMIN_INTENTS,
    ...INVITATION_INTENTS,
  });
}

/** What a report's form offers: what fits its kind, never undoing what is not done. */
function actionsFor(kind: ReportKind): ModerationActionKind[] {
  return MODERATION_ACTIONS.filter(
    (action) => action !== 'unhide' && action !== 'lift' && ACTION_TARGETS[action].includes(kind),
  );
}

/** What a moderator may do to a person from the list: lift a sanction in force, else sanction. */
function actionsOn(person: AdminUserRow): ModerationActionKind[] {
  return person.status === 'active' ? ['suspend', 'chatMute', 'warn'] : ['lift', 'suspend'];
}

export function Component() {
  const t = useT();
  const { sections, shown, loadError } = useLoaderData<LoaderData>();
  if (!shown) {
    return (
      <PageLoadFailure
        title={t('admin.page.title')}
        sentence={t('admin.page.loadFailed')}
        reason={loadError}
      />
    );
  }
  return (
    <PageFrame title={t('admin.page.title')}>
      <AdminLayout sections={sections} current={shown.section}>
        <SectionView shown={shown} />
      </AdminLayout>
    </PageFrame>
  );
}

function SectionView({ shown }: { shown: SectionData }) {
  switch (shown.section) {
    case 'reports':
      return (
        <ReportQueue
          reports={shown.reports}
          next={shown.next}
          actions={(report, headingId) => (
            <ModerateForm
              targetKind={report.kind}
              targetId={report.targetId}
              reportId={report.id}
              actions={actionsFor(report.kind)}
              describedBy={headingId}
            />
          )}
        />
      );
    case 'people':
      return (
        <PeopleList
          query={shown.query}
          people={shown.people}
          next={shown.next}
          mayChangeRoles={shown.mayChangeRoles}
          mayManageAccounts={shown.mayChangeRoles}
          actions={(person, namesId) => (
            <ModerateForm
              targetKind="user"
              targetId={person.userId}
              actions={actionsOn(person)}
              describedBy={namesId}
            />
          )}
        />
      );
    case 'rooms':
      return <SlowModeList rooms={shown.rooms} />;
    case 'log':
      return <ModerationLog actions={shown.actions} next={shown.next} filters={shown.filters} />;
    case 'signup':
      return <SignupSection settings={shown.settings} invitations={shown.invitations} />;
    case 'server':
      return <ServerSection status={shown.status} />;
  }
}
