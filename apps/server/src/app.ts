import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { entities, type MapTiles } from '@lms/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { type RegisteredRoute, registerAccessControl } from './auth/access.ts';
import { HashQueue } from './auth/hashQueue.ts';
import { PrincipalStore } from './auth/principal.ts';
import { changePasswordRules, Throttle } from './auth/throttle.ts';
import { TokenService } from './auth/tokens.ts';
import { BookingEvents } from './booking/events.ts';
import type { BookingChange, OnBookingChange } from './booking/hooks.ts';
import { bookingReportExtension } from './booking/reportExtension.ts';
import { bookingRoutes } from './booking/routes.ts';
import { vehicleDateSlotExtension } from './booking/slotExtension.ts';
import { readConfig } from './config.ts';
import { appointmentLinks } from './contact/appointmentService.ts';
import { AppointmentLinks } from './contact/links.ts';
import { contactMessageRoutes } from './contact/messages.ts';
import { type Contact, messagesOnChange } from './contact/outbox.ts';
import { providersOf } from './contact/providers.ts';
import { enqueueReminders } from './contact/reminders.ts';
import { appointmentRoutes } from './contact/routes.ts';
import { type ContactSettings, contactEnabled, readContactSettings } from './contact/settings.ts';
import { contactTemplateRoutes } from './contact/templates.ts';
import { toCallCondition } from './contact/toCall.ts';
import { ContactWorker } from './contact/worker.ts';
import type { EntityExtension } from './crud/extensions.ts';
import { namedFiltersWithoutSql, provideNamedFilter } from './crud/namedFilters.ts';
import { entityRoutes } from './crud/routes.ts';
import { appointmentPageRoutes } from './customerPage/appointmentPage.ts';
import type { Database, Tx } from './db/database.ts';
import { DatabaseListener } from './db/listener.ts';
import { ensurePartitions, PARTITIONS_EVERY_MS } from './db/partitions.ts';
import { provideProofHolders } from './delivery/files.ts';
import { TripLinks, tripLinkResolver } from './delivery/links.ts';
import { BoardEvents } from './delivery/live.ts';
import { tripProgress } from './delivery/progress.ts';
import { linkRebooked, returnedCondition } from './delivery/returns.ts';
import { deliveryRoutes } from './delivery/routes.ts';
import { deliveryConfirmHooks } from './delivery/stops.ts';
import { locationTrackingRoutes } from './demo/locationTracking.ts';
import { documentRoutes } from './documents/routes.ts';
import { hasGenericRoutes } from './entities/naming.ts';
import { type FileRoutesOptions, fileRoutes } from './files/routes.ts';
import { DiskFileStorage } from './files/storage.ts';
import { freightRoutes } from './freight/routes.ts';
import { homeRoutes } from './home/routes.ts';
import { errorServerOptions, notFound, registerErrorHandling } from './http/errors.ts';
import { registerInputChecks } from './http/inputs.ts';
import { registerOpenApi } from './http/openapi.ts';
import { schemaController } from './http/schemaCompilers.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { closeConnectionsOnceAnswered } from './http/shutdown.ts';
import { registerWebApp } from './http/webApp.ts';
import { importRoutes } from './import/routes.ts';
import { apiKeyRoutes } from './integration/apiKeyRoutes.ts';
import { apiKeyResolver } from './integration/apiKeys.ts';
import { integrationEntity, integrationRoutes } from './integration/routes.ts';
import { performanceRoutes } from './performance/routes.ts';
import { presenceRoutes } from './presence/presence.ts';
import { shipToExtension } from './privacy/eraseContact.ts';
import { personalDataMask } from './privacy/personalDataMask.ts';
import { PURGE_EVERY_MS, purgeExpired, type Retention } from './privacy/retention.ts';
import { privacyRoutes } from './privacy/routes.ts';
import { accountRoutes } from './routes/account.ts';
import { authRoutes } from './routes/auth.ts';
import type { AuthContext } from './routes/context.ts';
import { healthRoutes } from './routes/health.ts';
import { savedViewRoutes } from './savedViews/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { companySettingsRoutes } from './settings/company.ts';
import { mapTilesRoutes, noMapTiles, tileOrigin } from './settings/mapTiles.ts';
import { osrmProvider, RoadDistances, type RoutingSettings } from './shipmentPlanning/roads.ts';
import { shipmentPlanningRoutes } from './shipmentPlanning/routes.ts';
import { shipmentExtension } from './shipmentPlanning/stage.ts';
import { appRoleGroupExtension, appUserExtension } from './users/appUser.ts';

export interface AppOptions {
  readonly db: Database;
  /** Built web app to serve beside `/api`; skipped when absent (API-only tests, `npm run dev`). */
  readonly webDist?: string;
  readonly logger?: boolean | { level: string };
  /** Development mode enables `webDevLogin`. */
  readonly development?: boolean;
  /** Behind a load balancer: take the client address from X-Forwarded-For (LMS_TRUST_PROXY). */
  readonly trustProxy?: boolean;
  /** The database's URL, to LISTEN for booking changes from every instance (live calendar). */
  readonly databaseUrl?: string;
  /** Uploaded files go to `<dataDir>/files`; defaults to LMS_DATA_DIR (tests pass a temp dir). */
  readonly dataDir?: string;
  /** The file store instead of the disk (an S3-compatible bucket: LMS_FILE_STORE), its thumbnail rate. */
  readonly files?: Omit<FileRoutesOptions, 'dataDir'>;
  /** Customer messages (docs/contact.md); main.ts reads them from the environment. Default: all off. */
  readonly contact?: ContactSettings;
  /** Run the outbox worker when a provider is configured (default true; tests run their own). */
  readonly contactWorker?: boolean;
  /** Purge old message copies and access-log lines on a timer (docs/privacy.md); main.ts sets it. */
  readonly retention?: Retention;
  /** Create the monthly partitions ahead on a timer (db/partitions.ts); main.ts sets it. */
  readonly partitionMaintenance?: boolean;
  /** Road distances for planning from an OSRM-style router (LMS_ROUTING_URL); default off. */
  readonly routing?: RoutingSettings;
  /** The maps' tiles (LMS_MAP_TILES); default none: the maps draw on a plain background. */
  readonly mapTiles?: MapTiles;
  /** Rows a workbook of records across branches may hold; default `BRANCHES_RECORDS_EXCEL_MAX_ROWS` (a test passes a few). */
  readonly performanceRecordsExcelMaxRows?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its declared access rule (the access matrix test walks it). */
    apiRoutes: RegisteredRoute[];
    auth: AppContext;
  }
}

/** The routes' shared services, and the features' own the app wires (customer messages). */
export interface AppContext extends AuthContext {
  /** Customer messages and appointment links (docs/contact.md); messages only when a provider is set. */
  readonly contact: Contact;
}

/**
 * The client sends `Content-Type: application/json` on every call (spec §7), DELETE and bodiless
 * POSTs included: an empty body is no body, not a malformed one.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
}

/** Entities whose CRUD does more than the generic mechanism. */
const extensions: Record<string, EntityExtension> = {
  appUser: appUserExtension,
  appRoleGroup: appRoleGroupExtension,
  bookingReport: bookingReportExtension,
  shipTo: shipToExtension,
  shipment: shipmentExtension,
  vehicleDateSlot: vehicleDateSlotExtension,
};

/**
 * The features' SQL of the named filters the declarations list; a declared one without SQL stops the
 * start. Exported for code that counts lists without an app (bench/home).
 */
export function provideNamedFilters(): void {
  provideNamedFilter('bookingReport', 'toCall', toCallCondition);
  provideNamedFilter('deliveryOrder', 'returned', returnedCondition);
  const missing = namedFiltersWithoutSql();
  if (missing.length) throw new Error(`No SQL for the named filters ${missing.join(', ')}`);
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  provideNamedFilters();
  provideProofHolders();
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    schemaController,
    ...errorServerOptions,
  });
  registerErrorHandling(app);
  registerInputChecks(app);
  closeConnectionsOnceAnswered(app);
  const mapTiles = options.mapTiles ?? noMapTiles;
  registerSecurityHeaders(app, mapTiles.tileUrlTemplate ? tileOrigin(mapTiles.tileUrlTemplate) : undefined);
  acceptEmptyJsonBodies(app);
  const ctx: AppContext = {
    db: options.db,
    tokens: await TokenService.create(options.db),
    principals: new PrincipalStore(options.db),
    throttle: new Throttle(options.db, 'signIn'),
    passwordChangeThrottle: new Throttle(options.db, 'changePassword', changePasswordRules),
    hashing: new HashQueue(),
    development: options.development ?? false,
    contact: {
      settings: options.contact ?? readContactSettings({}),
      links: await AppointmentLinks.create(options.db),
    },
  };
  const events = new BookingEvents();
  const storage =
    options.files?.storage ??
    new DiskFileStorage(path.join(options.dataDir ?? readConfig().dataDir, 'files'));
  const tripLinks = await TripLinks.create(options.db);
  const board = new BoardEvents(options.db, (error) =>
    app.log.warn({ error: String(error) }, 'board update not sent'),
  );
  // One LISTENing connection for every channel, reconnecting by itself (db/listener.ts).
  const listener = options.databaseUrl
    ? new DatabaseListener({
        databaseUrl: options.databaseUrl,
        log: (msg, detail) => app.log.warn({ ...detail }, msg),
      })
    : undefined;
  if (listener) {
    await events.listen(listener);
    // Sessions are cached only while every instance's changes can be heard (auth/principal.ts).
    await ctx.principals.listen(listener);
    await listener.start();
  }
  app.addHook('onClose', async () => {
    await listener?.close();
    events.close();
    ctx.principals.close();
  });
  app.decorate('apiRoutes', [] as RegisteredRoute[]);
  app.decorate('auth', ctx);
  registerAccessControl(app, ctx.tokens, ctx.principals, app.apiRoutes, [
    apiKeyResolver(options.db),
    tripLinkResolver(options.db, tripLinks),
  ]);
  await registerOpenApi(app);

  // The customer's link: one set of rules for its JSON API and its server-rendered page.
  // Every confirm, move and cancel: the customer's message, and a rebooked DO's return linked.
  const messages = messagesOnChange(ctx.contact);
  const onBookingChange: OnBookingChange = Object.assign(
    async (trx: Tx, bookingId: string, change: BookingChange) => {
      await messages(trx, bookingId, change);
      await linkRebooked(trx, bookingId, change);
    },
    // A confirm's link of the returns it rebooks runs inside its statement of writes.
    {
      inConfirm: linkRebooked.inConfirm,
      quietOnConfirm: messages.quietOnConfirm && linkRebooked.quietOnConfirm,
    },
  );
  const appointments = appointmentLinks(ctx, ctx.contact, { onBookingChange });
  await app.register(
    async (api) => {
      await api.register(healthRoutes(options.db));
      await api.register(authRoutes(ctx));
      await api.register(accountRoutes(ctx));
      await api.register(bookingRoutes(ctx, events, onBookingChange));
      await api.register(homeRoutes(ctx));
      await api.register(appointmentRoutes(appointments));
      await api.register(contactMessageRoutes(ctx, ctx.contact));
      await api.register(contactTemplateRoutes(ctx));
      await api.register(companySettingsRoutes(ctx));
      await api.register(mapTilesRoutes(mapTiles));
      await api.register(privacyRoutes(ctx));
      // One road table per branch and day for the plans and the trip sheets printed from them.
      const roads = options.routing
        ? new RoadDistances(osrmProvider(options.routing), app.log, options.routing.cacheEntries)
        : undefined;
      await api.register(
        shipmentPlanningRoutes(ctx, { ...deliveryConfirmHooks, progress: tripProgress }, roads),
      );
      await api.register(documentRoutes(ctx, storage, roads));
      await api.register(freightRoutes(ctx));
      await api.register(
        performanceRoutes(ctx, { recordsExcelMaxRows: options.performanceRecordsExcelMaxRows }),
      );
      await api.register(searchRoutes(ctx));
      await api.register(presenceRoutes(ctx));
      await api.register(savedViewRoutes(ctx));
      await api.register(fileRoutes(ctx, { ...options.files, dataDir: options.dataDir, storage }));
      await api.register(
        deliveryRoutes(ctx, { contact: ctx.contact, links: tripLinks, board, storage }, listener),
      );
      await api.register(locationTrackingRoutes(ctx, listener));
      await api.register(apiKeyRoutes(ctx));
      for (const entity of entities.filter(hasGenericRoutes)) {
        await api.register(
          entityRoutes(entity, ctx, { extension: extensions[entity.name], mask: personalDataMask }),
        );
        if (integrationEntity(entity)) await api.register(integrationRoutes(entity, ctx));
      }
      await api.register(importRoutes(ctx, extensions));
      api.setNotFoundHandler(() => {
        // Unknown API paths answer JSON, never the web app's page.
        throw notFound('ไม่พบ API ที่เรียก');
      });
    },
    { prefix: '/api' },
  );

  await app.register(appointmentPageRoutes(ctx, appointments, options.webDist));
  await registerWebApp(app, options.webDist);
  startContactWorker(app, ctx, options);
  startPurge(app, ctx, options.retention);
  if (options.partitionMaintenance) startPartitionMaintenance(app, ctx);
  return app;
}

/** The retention purge (docs/privacy.md): at start, then hourly; a failure waits for the next round. */
function startPurge(app: FastifyInstance, ctx: AppContext, retention: Retention | undefined): void {
  if (!retention) return;
  const purge = () =>
    purgeExpired(ctx.db, retention)
      .then((purged) => {
        if (purged.messages || purged.accessLog || purged.positions)
          app.log.info(purged, 'personal data past its retention purged');
      })
      .catch((error) => app.log.warn({ error: String(error) }, 'retention purge failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void purge();
    timer = setInterval(purge, PURGE_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** The monthly partitions ahead (docs/operations.md): at start, then daily; a failure waits for the next round. */
function startPartitionMaintenance(app: FastifyInstance, ctx: AppContext): void {
  const ensure = () =>
    ensurePartitions(ctx.db)
      .then((created) => {
        if (created.length) app.log.info({ created }, 'monthly partitions created');
      })
      .catch((error) => app.log.warn({ error: String(error) }, 'partition maintenance failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await ensure();
    timer = setInterval(ensure, PARTITIONS_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** The outbox worker runs beside the API when some provider is configured (docs/contact.md). */
function startContactWorker(app: FastifyInstance, ctx: AppContext, options: AppOptions): void {
  const { settings } = ctx.contact;
  if (!contactEnabled(settings) || options.contactWorker === false || !options.databaseUrl) return;
  const worker = new ContactWorker({
    databaseUrl: options.databaseUrl,
    settings,
    providers: providersOf(settings),
    log: (msg, detail) => app.log.warn({ ...detail }, msg),
    periodic: async () => {
      await enqueueReminders(ctx.db, ctx.contact);
    },
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', () => worker.stop());
}
