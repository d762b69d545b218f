import path from 'node:path';
import {
  type EntityDef,
  editRoles,
  entities,
  entityApi,
  entityByName,
  type FieldDef,
  filtersFor,
  formatNumber,
  phrase,
  ROLE_ADMIN,
  readRoleOf,
  readRoles,
  recordLabel,
  rolePickerGroups,
  WEEKDAY_LABELS,
} from '@lms/domain';
import { sql } from 'kysely';
import type { Locator, Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages as dsMessages } from '../../../packages/design-system/src/messages.ts';
import { tableOf } from '../../server/src/entities/naming.ts';
import { createReferences, sampleValue } from '../../server/test/entityFactory.ts';
import { pdf } from '../../server/test/fixtures/files/samples.ts';
import { signIn as apiSignIn, call, createBranch, createUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';
import { escapeRegExp, requestPath, scopedQuery, storedSignIn } from './helpers.ts';

const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
// Every flow acts as the one flow user, whose roles change through the API between flows and are
// read again by the app's next load: the flows' pages share a context, so each load takes the
// app's scripts from the HTTP cache and V8's code cache (browser.ts).
const browser = setupBrowser({ oneContext: true });

/**
 * What the declarations cannot say about an entity's flow. Everything else (which fields, which
 * values, which roles, how to find the record, what to edit) follows from the declaration.
 */
interface FlowNotes {
  /** Why the entity has no create/edit flow; it is then left out of the flow tests. */
  readonly excluded?: string;
  /** Values typed instead of the generic sample, by field name. */
  readonly values?: Readonly<Record<string, unknown>>;
  /** Fields left empty, with the reason. */
  readonly skip?: Readonly<Record<string, string>>;
  /** Child tables are not filled (the form shows them read-only). */
  readonly childrenReadOnly?: string;
  /** The title of a dialog the list shows once after a create; the flow reads and closes it. */
  readonly createdNotice?: string;
}

const notes: Readonly<Record<string, FlowNotes>> = {
  deliveryOrderReport: { excluded: 'a read-only report (readOnlyEntity, list only): nothing to create' },
  deliveryStopReport: {
    excluded: "a read-only list of delivery stops (readOnlyEntity, list only): the driver's app writes them",
  },
  file: { excluded: 'no pages: files are reached through the fields that hold them' },
  // Booking lines are written by the DO booking flow; the admin's form shows them read-only.
  bookingReport: { childrenReadOnly: 'lines come from the booking flow' },
  // The weekday boxes open only for the "choose days" pattern.
  truckBanConfig: { values: { banDayPattern: 'CUSTOM' } },
  appUser: {
    skip: {
      // Spec §6: permission groups are ROLE_ADMIN's only, so their options are too; a user
      // editor who is not admin cannot pick groups (an admin would hold every role).
      roleGroupIds: 'appRoleGroup options need ROLE_ADMIN',
    },
    createdNotice: 'รหัสผ่านชั่วคราว',
  },
};

/** Entities whose declarations offer create/edit pages to some role. */
const offersEditing = (entity: EntityDef) => entity.routeStyle !== 'listOnly' && editRoles(entity).length > 0;
const flowEntities = entities.filter((entity) => !notes[entity.name]?.excluded);

const REQUIRED_HINT = ` (${dsMessages.required})`;
/** A control's accessible name: its label, plus the screen-reader hint on required fields. */
const nameOf = (label: string) => new RegExp(`^${escapeRegExp(label)}(${escapeRegExp(REQUIRED_HINT)})?$`);
/** A select trigger is named by its value, then its label. */
const triggerOf = (label: string) =>
  new RegExp(`(^|\\s)${escapeRegExp(label)}(${escapeRegExp(REQUIRED_HINT)})?$`);

interface RefChoice {
  /** Typed into the picker: a searchable value of the referenced record. */
  readonly search: string;
  /** The option to pick (the record's `/options` label). */
  readonly label: string;
}

interface Step {
  readonly field: FieldDef;
  readonly value: unknown;
  readonly choice?: RefChoice;
}

interface ChildPlan {
  readonly name: string;
  readonly label: string;
  readonly steps: readonly Step[];
}

let adminToken = '';
let serial = 0;
/** The branch every flow acts for. */
let branchId = '';
/** The flow user: signed in once; each flow's page starts with this stored sign-in. */
let flowUser = { username: '', storage: {} as Record<string, string>, groupId: '' };

beforeAll(async () => {
  branchId = await createBranch(server.db);
  adminToken = await apiSignIn(
    server.api,
    await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchId] }),
  );
  const user = await createUser(server.db, { roles: [readRoleOf('PROVINCE')], branchIds: [branchId] });
  const { rows } = await sql<{ ref_id: string }>`
    select ref_id from app_user__role_group_ids where owner_id = ${user.id}`.execute(server.db);
  flowUser = {
    username: user.username,
    storage: await storedSignIn(server.origin, user),
    groupId: rows[0]!.ref_id,
  };
});

/**
 * Gives the flow user exactly `roles`, as an admin does: through the permission group's API, which
 * drops the server's cached principals. Signing in once instead of once per entity saves a
 * deliberately slow password check per flow; the next page load reads the new roles.
 */
async function grantOnly(roles: readonly string[]) {
  const group = await call(server.api, 'GET', `/appRoleGroup/${flowUser.groupId}`, { token: adminToken });
  const saved = await call(server.api, 'PUT', `/appRoleGroup/${flowUser.groupId}`, {
    token: adminToken,
    body: { name: group.body.name, description: group.body.description, roles, version: group.body.version },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

const scoped = (entity: EntityDef, query = '') => scopedQuery(entity, branchId, query);

/** The option a picker shows for a seeded record, and a searchable value of it to type. */
async function choiceOf(target: EntityDef, id: string): Promise<RefChoice> {
  const options = await call(server.api, 'GET', `/${target.name}/options${scoped(target, `ids=${id}`)}`, {
    token: adminToken,
  });
  const record = await call(server.api, 'GET', `/${target.name}/${id}${scoped(target)}`, {
    token: adminToken,
  });
  const searchable = target.fields.find((f) => f.searchable && typeof record.body[f.name] === 'string');
  return { search: searchable ? String(record.body[searchable.name]) : '', label: options.body[0].label };
}

/** Fields the flow fills: every required one, and the first optional one of each type not yet covered. */
function chosenFields(fields: readonly FieldDef[], entityNotes: FlowNotes): FieldDef[] {
  const editable = fields.filter(
    (f) => !f.readOnly && f.type !== 'file' && f.type !== 'image' && !entityNotes.skip?.[f.name],
  );
  const covered = new Set(editable.filter((f) => f.required).map((f) => f.type));
  return editable.filter((f) => {
    if (f.required || entityNotes.values?.[f.name] !== undefined) return true;
    if (covered.has(f.type)) return false;
    covered.add(f.type);
    return true;
  });
}

function createValue(field: FieldDef, tag: string, refIds: Record<string, string>, entityNotes: FlowNotes) {
  const given = entityNotes.values?.[field.name];
  if (given !== undefined) return given;
  const clip = (text: string) => text.slice(0, field.maxLength ?? 255);
  switch (field.type) {
    case 'string':
      if (field.format === 'email') return `${tag.toLowerCase()}@example.com`;
      if (field.unique) return clip(tag);
      // Searchable values carry the tag, so the search box finds the record by it.
      return clip(field.searchable ? `${tag} ${field.label}` : `ทดสอบ ${field.label}`);
    case 'text':
      return `ข้อความ ${tag}`;
    case 'attachments':
      // File names: the flow uploads a PDF under each, the server answers the new ids.
      return [`ใบส่งของลงนาม ${tag}.pdf`];
    default:
      return sampleValue(field, 0, refIds);
  }
}

async function planSteps(
  fields: readonly FieldDef[],
  entityNotes: FlowNotes,
  tag: string,
  refIds: Record<string, string>,
): Promise<Step[]> {
  const steps: Step[] = [];
  for (const field of fields) {
    const value = createValue(field, tag, refIds, entityNotes);
    if (field.type === 'ref' || field.type === 'refs') {
      const id = refIds[field.ref as string];
      if (!id) throw new Error(`no seeded ${field.ref} for ${field.name}`);
      steps.push({ field, value, choice: await choiceOf(entityByName(field.ref as string), id) });
    } else steps.push({ field, value });
  }
  return steps;
}

/** The field the flow edits: the first plain text that is not unique, else the first number. */
function editedField(entity: EntityDef, entityNotes: FlowNotes): FieldDef {
  const editable = entity.fields.filter((f) => !f.readOnly && !entityNotes.skip?.[f.name]);
  const field =
    editable.find((f) => (f.type === 'string' || f.type === 'text') && !f.unique && f.format !== 'email') ??
    editable.find((f) => f.type === 'integer' || f.type === 'decimal');
  if (!field) throw new Error(`${entity.name}: no field to edit`);
  return field;
}

function editedValue(field: FieldDef, before: unknown, tag: string): string | number {
  if (field.type === 'integer' || field.type === 'decimal') {
    const old = typeof before === 'number' ? before : Number(before ?? 0);
    return old + 1 <= (field.max ?? Number.POSITIVE_INFINITY) ? old + 1 : old - 1;
  }
  // Keeps the tag: the list is still filtered by it when the edited row is looked for.
  return `${tag}แก้`.slice(0, field.maxLength ?? 255);
}

/** How the history shows a value (HistoryList's formatRaw for the types the flow edits). */
function shown(field: FieldDef, value: string | number): string {
  if (field.type === 'integer') return formatNumber(value, 0);
  if (field.type === 'decimal') return formatNumber(value, field.scale ?? 2);
  return String(value);
}

/**
 * The roles of the flow's user: the entity's edit role, plus the read role of every entity its
 * pickers refer to — `GET /{ref}/options` is a read of the referenced entity (permissions.ts:
 * read → readRoles of that entity, spec §6 names no exception), so a picker without it fails 403.
 */
function flowRoles(entity: EntityDef, fields: readonly FieldDef[]): string[] {
  const edit = editRoles(entity).find((role) => role !== ROLE_ADMIN) ?? ROLE_ADMIN;
  if (edit === ROLE_ADMIN) return [ROLE_ADMIN];
  const roles = new Set([edit]);
  for (const field of fields) {
    if (field.type !== 'ref' && field.type !== 'refs') continue;
    const targetRoles = readRoles(entityByName(field.ref as string));
    if (targetRoles.some((role) => roles.has(role))) continue;
    const read = targetRoles.find((role) => role.endsWith('_READ'));
    if (!read) throw new Error(`${entity.name}.${field.name}: ${field.ref} has no read role`);
    roles.add(read);
  }
  return [...roles];
}

/** Bangkok wall-clock digits of a value as the segmented fields take them (dd MM yyyy HH mm). */
function segmentDigits(type: FieldDef['type'], value: string): string {
  if (type === 'time') return value.slice(0, 5).replace(':', '');
  if (type === 'date') return `${value.slice(8, 10)}${value.slice(5, 7)}${value.slice(0, 4)}`;
  const bangkok = new Date(Date.parse(value) + 7 * 3600_000).toISOString();
  return `${bangkok.slice(8, 10)}${bangkok.slice(5, 7)}${bangkok.slice(0, 4)}${bangkok.slice(11, 13)}${bangkok.slice(14, 16)}`;
}

/**
 * Ticks or clears a react-aria checkbox the way a user does: by its label (the input itself is
 * visually hidden under the drawn box).
 */
async function setChecked(checkbox: Locator, on: boolean) {
  if ((await checkbox.isChecked()) !== on) await checkbox.locator('xpath=ancestor::label[1]').click();
  await expect.poll(() => checkbox.isChecked()).toBe(on);
}

/** Picks a record in a reference picker: types a searchable value, clicks the option. */
async function pickReference(scope: Locator, label: string, choice: RefChoice, multiple: boolean) {
  const page = scope.page();
  // Pinned by id: while the list is open the label is hidden from assistive tech, and the input's
  // computed name then takes in the label's hidden required mark.
  const id = await scope.getByRole('combobox', { name: nameOf(label) }).getAttribute('id');
  const input = page.locator(`[id="${id}"]`);
  // In full view first: a scroll while the list is open closes it, and the closing list resets
  // what was typed (react-aria), as it would under a user's wheel.
  await input.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const option = page.getByRole('option', { name: choice.label, exact: true });
  await input.fill(choice.search);
  // A layout shift that scrolls the page while the list is open closes the list, and closing it
  // puts back the chosen label (react-aria), wiping what was typed: type it again then.
  await expect
    .poll(
      async () => {
        if (await option.isVisible()) return true;
        if ((await input.inputValue()) !== choice.search) await input.fill(choice.search);
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  await option.click();
  if (multiple) {
    // The list stays open for more picks (and hides the rest of the form from assistive tech).
    await page.keyboard.press('Escape');
    await scope.getByRole('button', { name: `${dsMessages.removeItem} ${choice.label}` }).waitFor();
  } else await expect.poll(() => input.inputValue()).toBe(choice.label);
}

/**
 * Fills one field through the UI the way a user would, by the field's type. The one place that
 * knows how each control is driven (text boxes, selects, pickers, segmented date/time fields).
 */
async function fillField(scope: Locator, field: FieldDef, value: unknown, choice?: RefChoice): Promise<void> {
  const page = scope.page();
  const name = nameOf(field.label);
  switch (field.type) {
    case 'string':
    case 'text':
      await scope.getByRole('textbox', { name }).fill(String(value));
      return;
    case 'integer':
    case 'decimal': {
      const input = scope.getByRole('textbox', { name });
      await input.fill(String(value));
      await input.blur(); // NumberField commits on blur
      return;
    }
    case 'boolean':
      await setChecked(scope.getByRole('checkbox', { name }), Boolean(value));
      return;
    case 'enum': {
      const option = field.options?.find((o) => o.value === value);
      await scope.getByRole('button', { name: triggerOf(field.label) }).click();
      await page.getByRole('option', { name: option?.label ?? String(value), exact: true }).click();
      return;
    }
    case 'date':
    case 'time':
    case 'datetime': {
      // Segmented react-aria fields (type digits from the first segment; they auto-advance),
      // or the plain text boxes that stood in for them (`yyyy-MM-dd`, `HH:mm`).
      const segmented = scope.getByRole('group', { name }).first();
      const box = scope.getByRole('textbox', { name });
      await segmented.or(box).first().waitFor();
      if ((await segmented.count()) === 0) {
        await box.fill(String(value));
        return;
      }
      await segmented.getByRole('spinbutton').first().click();
      await page.keyboard.type(segmentDigits(field.type, String(value)));
      return;
    }
    case 'ref':
    case 'refs':
      if (!choice) throw new Error(`${field.name}: no record to pick`);
      await pickReference(scope, field.label, choice, field.type === 'refs');
      return;
    case 'weekdays': {
      const days = value as number[];
      // The truck-ban editor shows a box per day; the generic control is a multi-select.
      const boxes = scope.getByRole('checkbox', { name: WEEKDAY_LABELS[days[0] as number], exact: true });
      if ((await boxes.count()) > 0) {
        for (const day of days)
          await setChecked(scope.getByRole('checkbox', { name: WEEKDAY_LABELS[day], exact: true }), true);
        return;
      }
      await scope.getByRole('button', { name: triggerOf(field.label) }).click();
      for (const day of days)
        await page.getByRole('option', { name: WEEKDAY_LABELS[day], exact: true }).click();
      await page.keyboard.press('Escape');
      return;
    }
    case 'roles':
      for (const role of value as string[]) {
        const group = rolePickerGroups.find((g) => g.roles.some((option) => option.role === role));
        const option = group?.roles.find((o) => o.role === role);
        if (!group || !option) throw new Error(`${role} is not in the role picker`);
        await setChecked(
          scope
            .getByRole('group', { name: group.label, exact: true })
            .getByRole('checkbox', { name: option.label, exact: true }),
          true,
        );
      }
      return;
    case 'attachments': {
      const group = scope.getByRole('group', { name: field.label, exact: true });
      for (const fileName of value as string[]) {
        await group
          .locator('input[type="file"]')
          .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf() });
        await group.getByText(fileName, { exact: true }).waitFor();
      }
      return;
    }
    default:
      throw new Error(`${field.name}: the flow does not fill ${field.type} fields`);
  }
}

/** Runs a step of one entity; a failure names the entity. */
const apiPath = (response: Response) => new URL(response.url()).pathname;

/** Saves the dialog and answers the server's record; a form that sends nothing fails with its errors. */
async function save(dialog: Locator, method: 'POST' | 'PUT', path: string): Promise<Record<string, unknown>> {
  const page = dialog.page();
  const answered = page.waitForResponse((r) => r.request().method() === method && apiPath(r) === path, {
    timeout: 15_000,
  });
  await dialog.getByRole('button', { name: dsMessages.save, exact: true }).click();
  const response = await answered.catch(async () => {
    throw new Error(`no ${method} ${path} after save; the form reads:\n${await dialog.textContent()}`);
  });
  const body = await response.json();
  expect(response.status(), JSON.stringify(body)).toBe(method === 'POST' ? 201 : 200);
  await dialog.waitFor({ state: 'detached' });
  return body;
}

const isList = (entity: EntityDef, param: string, value: string) => (response: Response) => {
  const url = new URL(response.url());
  return url.pathname === requestPath(entityApi(entity).list) && url.searchParams.get(param) === value;
};

/**
 * Waits for the app's start to draw `first`. A start under the suite's load (two e2e files, the
 * stories' tab and server files on 2 cores) once took past the flow's 15 s per step, and its retry
 * passed: the start gets a wait of its own, and if that runs out the error says what the page showed.
 */
async function startedWith(page: Page, first: Locator) {
  try {
    await first.waitFor({ timeout: 40_000 });
  } catch (error) {
    const seen = await page.evaluate(() => ({
      at: location.pathname + location.search,
      // biome-ignore lint/performance/useDomNodeTextContent: what is on screen, as a user reads it.
      text: document.body.innerText.slice(0, 300),
    }));
    throw new Error(`the app did not start: ${JSON.stringify(seen)}`, { cause: error });
  }
}

/**
 * Create → find by the search box (or a filter) → edit → history → delete, through the UI, as a
 * user holding only the entity's edit role (and its pickers' read roles).
 */
async function entityFlow(
  entity: EntityDef,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
) {
  const entityNotes = notes[entity.name] ?? {};
  const tag = `E2E${String(++serial).padStart(3, '0')}`;
  const fields = chosenFields(entity.fields, entityNotes);
  const childTables = entityNotes.childrenReadOnly ? [] : (entity.children ?? []);
  const childFields = childTables.map((child) => chosenFields(child.fields, {}));
  const roles = flowRoles(entity, [...fields, ...childFields.flat()]);
  await grantOnly(roles);
  const refIds = await createReferences(server.api, adminToken, entity, branchId);
  const steps = await planSteps(fields, entityNotes, tag, refIds);
  const children: ChildPlan[] = [];
  for (const [i, child] of childTables.entries())
    children.push({
      name: child.name,
      label: child.label,
      steps: await planSteps(childFields[i] ?? [], {}, tag, refIds),
    });
  const page: Page = await browser.newPage({
    ...viewport,
    storage: { origin: server.origin, items: flowUser.storage },
  });
  page.setDefaultTimeout(15_000);
  await page.goto(`${server.origin}${entity.path}`);
  const add = page.getByRole('button', { name: phrase('เพิ่ม', entity.title), exact: true });
  await startedWith(page, add);

  // Create: every chosen field through its control, child rows through the row editor.
  await add.click();
  const createDialog = page.getByRole('dialog', { name: phrase('เพิ่ม', entity.title), exact: true });
  for (const step of steps) await fillField(createDialog, step.field, step.value, step.choice);
  for (const child of children) {
    await createDialog
      .getByRole('group', { name: child.label, exact: true })
      .getByRole('button', { name: 'เพิ่มแถว' })
      .click();
    const row = createDialog.getByRole('region', { name: `${child.label} แถวที่ 1`, exact: true });
    for (const step of child.steps) await fillField(row, step.field, step.value, step.choice);
  }
  const created = await save(createDialog, 'POST', requestPath(entityApi(entity).create));
  // The server stored what was typed and picked (dates and times through their segments too).
  for (const step of steps) {
    if (step.field.type !== 'attachments') {
      expect(created[step.field.name], step.field.name).toEqual(step.value);
      continue;
    }
    // Attachments: one stored file per upload, under the Thai name it was picked with.
    const ids = created[step.field.name] as string[];
    const names: string[] = [];
    for (const id of ids)
      names.push((await call(server.api, 'GET', `/file/info/${id}`, { token: adminToken })).body.origName);
    expect(names, step.field.name).toEqual(step.value);
  }
  for (const child of children) expect(created[child.name], child.name).toHaveLength(1);
  if (entityNotes.createdNotice) {
    const notice = page.getByRole('dialog', { name: entityNotes.createdNotice });
    expect(await notice.getByRole('status').textContent()).toMatch(/\S{6,}/);
    await notice.getByRole('button', { name: dsMessages.close, exact: true }).click();
    await notice.waitFor({ state: 'detached' });
  }

  // Find: the search box where a typed value is searchable (it carries the tag), else the filter
  // of a reference the record holds.
  const search =
    filtersFor(entity).some((f) => f.kind === 'search') &&
    steps.some((s) => s.field.searchable && String(s.value).includes(tag));
  if (search) {
    const listed = page.waitForResponse(isList(entity, 'searchTerm', tag));
    await page.getByRole('searchbox').fill(tag);
    await listed;
  } else {
    const filter = filtersFor(entity).find(
      (f) => f.kind === 'refIn' && steps.some((s) => s.field.name === f.field && s.field.type === 'ref'),
    );
    const step = steps.find((s) => s.field.name === filter?.field);
    if (!filter || !step?.choice) throw new Error(`${entity.name}: no search and no reference filter`);
    await page.getByRole('button', { name: 'ตัวกรอง', exact: true }).click();
    const panel = page.getByRole('region', { name: phrase('ตัวกรอง', entity.title) });
    await pickReference(panel, `${step.field.label}: เป็น`, step.choice, true);
    const listed = page.waitForResponse(
      isList(entity, filter.param, refIds[step.field.ref as string] as string),
    );
    await panel.getByRole('button', { name: 'ใช้ตัวกรอง' }).click();
    await listed;
    expect(new URL(page.url()).searchParams.get(filter.param)).toBe(refIds[step.field.ref as string]);
  }
  const label = recordLabel(entity, created);
  const editButtons = page.getByRole('button', { name: /^แก้ไข / });
  await expect.poll(() => editButtons.count()).toBe(1);
  await page.getByRole('button', { name: `แก้ไข ${label}`, exact: true }).waitFor();
  if (viewport.width < 600) {
    // Phones: the DataGrid shows cards (a list) instead of the grid.
    await page
      .getByRole('list', { name: entity.title })
      .getByRole('button', { name: `แก้ไข ${label}` })
      .waitFor();
    expect(await page.getByRole('grid').count()).toBe(0);
  }

  // Edit one field.
  const field = editedField(entity, entityNotes);
  const next = editedValue(field, created[field.name], tag);
  await page.getByRole('button', { name: `แก้ไข ${label}`, exact: true }).click();
  const editDialog = page.getByRole('dialog', {
    name: new RegExp(`^${escapeRegExp(phrase('แก้ไข', entity.title))}`),
  });
  await fillField(editDialog, field, next);
  const updated = await save(
    editDialog,
    'PUT',
    requestPath(entityApi(entity).update, { id: String(created.id) }),
  );
  expect(updated[field.name]).toEqual(next);
  expect(updated.version).toBe(Number(created.version) + 1);

  // The detail page and its history: the create and the edit, by this user.
  const edited = recordLabel(entity, updated);
  await page.getByRole('button', { name: `ดู ${edited}`, exact: true }).click();
  await page.getByRole('heading', { name: `${entity.title}: ${edited}`, exact: true }).waitFor();
  // The browser's title names the record first, then the screen (several records in several tabs).
  await expect.poll(() => page.title()).toMatch(new RegExp(`^${escapeRegExp(edited)} · .+ · LMS$`));
  // The detail lists attached files by name, each with its download.
  for (const step of steps.filter((s) => s.field.type === 'attachments'))
    for (const fileName of step.value as string[])
      await page.getByRole('button', { name: `${dsMessages.download} ${fileName}`, exact: true }).waitFor();
  await page.getByRole('tab', { name: 'ประวัติการแก้ไข' }).click();
  const entries = page.getByRole('tabpanel').getByRole('listitem');
  const change = entries.filter({ hasText: /^แก้ไข โดย/ }).filter({ hasText: flowUser.username });
  await change.getByRole('term').filter({ hasText: field.label }).waitFor();
  await change
    .getByRole('definition')
    .filter({ hasText: `→ ${shown(field, next)}` })
    .waitFor();
  await entries
    .filter({ hasText: /^สร้าง โดย/ })
    .filter({ hasText: flowUser.username })
    .waitFor();
  expect(await entries.count()).toBe(2);

  // Delete from the detail page's edit dialog, with confirmation; back on the list, gone from the database.
  await page.getByRole('button', { name: 'แก้ไข', exact: true }).click();
  const deleteDialog = page.getByRole('dialog', {
    name: new RegExp(`^${escapeRegExp(phrase('แก้ไข', entity.title))}`),
  });
  await deleteDialog.getByRole('button', { name: dsMessages.delete, exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  const deleted = page.waitForResponse(
    (r) =>
      r.request().method() === 'DELETE' &&
      apiPath(r) === requestPath(entityApi(entity).remove, { id: String(created.id) }),
  );
  await confirm.getByRole('button', { name: dsMessages.delete, exact: true }).click();
  expect((await deleted).status()).toBe(204);
  await page.waitForURL((url) => url.pathname === entity.path);
  const { rows } = await sql`select 1 from ${sql.table(tableOf(entity))} where id = ${created.id}`.execute(
    server.db,
  );
  expect(rows).toHaveLength(0);
}

describe('an entity’s pages against the real server', () => {
  it('leave out exactly the entities nobody may create, each with the reason', () => {
    for (const entity of entities)
      expect(Boolean(notes[entity.name]?.excluded), entity.name).toBe(!offersEditing(entity));
    expect(flowEntities.length).toBeGreaterThan(30);
  });

  it.each(flowEntities.map((entity) => [entity.name, entity] as const))(
    '%s: a user holding only its edit role creates, finds, edits, sees the history of and deletes a record',
    async (_name, entity) => {
      await entityFlow(entity);
    },
  );

  it('province: the same flow at phone width, on the list’s cards', async () => {
    await entityFlow(entityByName('province'), { width: 390, height: 844 });
  });
});
