import type { Migration } from 'kysely';
import * as foundation from './0001_foundation.ts';
import * as entities from './0002_entities.ts';
import * as auth from './0003_auth.ts';
import * as derived from './0004_derived.ts';
import * as files from './0005_files.ts';
import * as listIndexes from './0006_list_indexes.ts';
import * as booking from './0007_booking.ts';
import * as demoPositions from './0008_demo_positions.ts';
import * as coordinates from './0009_coordinates.ts';
import * as integration from './0010_integration.ts';
import * as contact from './0011_contact.ts';
import * as shipmentPlanning from './0012_shipment_planning.ts';
import * as userBuddhistEra from './0013_user_buddhist_era.ts';
import * as historySource from './0014_history_source.ts';
import * as contactPlanner from './0015_contact_planner.ts';
import * as attachments from './0016_attachments.ts';
import * as fileNormalized from './0017_file_normalized.ts';
import * as home from './0018_home.ts';
import * as bookingAllocation from './0019_booking_allocation.ts';
import * as importJob from './0020_import_job.ts';
import * as contactState from './0022_contact_state.ts';
import * as savedView from './0024_saved_view.ts';
import * as instances from './0027_instances.ts';
import * as presenceShipToSnapshot from './0028_presence_ship_to_snapshot.ts';
import * as masterDataVersion from './0029_master_data_version.ts';
import * as slotUse from './0030_slot_use.ts';
import * as delivery from './0033_delivery.ts';
import * as bookingDay from './0034_booking_day.ts';
import * as freightSettlement from './0040_freight_settlement.ts';
import * as tripsPerTruck from './0042_trips_per_truck.ts';
import * as performanceRollups from './0044_performance_rollups.ts';
import * as customerDrafts from './0050_customer_drafts.ts';
import * as contractorUser from './0054_contractor_user.ts';
import * as truckHours from './0056_truck_hours.ts';
import * as partitionPositions from './0058_partition_positions.ts';
import * as partitionHistory from './0059_partition_history.ts';
import * as companyLists from './0062_company_lists.ts';
import * as leadTimeFromDo from './0063_lead_time_from_do.ts';
import * as confirmInOneStatement from './0064_confirm_in_one_statement.ts';
import * as bookingDayById from './0065_booking_day_by_id.ts';
import * as bookingTriggersByKey from './0066_booking_triggers_by_key.ts';
import * as tripDayFollowsShipment from './0067_trip_day_follows_shipment.ts';

/** Every migration, in order. Names sort lexically: never rename or reorder one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_entities': entities,
  '0003_auth': auth,
  '0004_derived': derived,
  '0005_files': files,
  '0006_list_indexes': listIndexes,
  '0007_booking': booking,
  '0008_demo_positions': demoPositions,
  '0009_coordinates': coordinates,
  '0010_integration': integration,
  '0011_contact': contact,
  '0012_shipment_planning': shipmentPlanning,
  '0013_user_buddhist_era': userBuddhistEra,
  '0014_history_source': historySource,
  '0015_contact_planner': contactPlanner,
  '0016_attachments': attachments,
  '0017_file_normalized': fileNormalized,
  '0018_home': home,
  '0019_booking_allocation': bookingAllocation,
  '0020_import_job': importJob,
  '0022_contact_state': contactState,
  '0024_saved_view': savedView,
  '0027_instances': instances,
  '0028_presence_ship_to_snapshot': presenceShipToSnapshot,
  '0029_master_data_version': masterDataVersion,
  '0030_slot_use': slotUse,
  '0033_delivery': delivery,
  '0034_booking_day': bookingDay,
  '0040_freight_settlement': freightSettlement,
  '0042_trips_per_truck': tripsPerTruck,
  '0044_performance_rollups': performanceRollups,
  '0050_customer_drafts': customerDrafts,
  '0054_contractor_user': contractorUser,
  '0056_truck_hours': truckHours,
  '0058_partition_positions': partitionPositions,
  '0059_partition_history': partitionHistory,
  '0062_company_lists': companyLists,
  '0063_lead_time_from_do': leadTimeFromDo,
  '0064_confirm_in_one_statement': confirmInOneStatement,
  '0065_booking_day_by_id': bookingDayById,
  '0066_booking_triggers_by_key': bookingTriggersByKey,
  '0067_trip_day_follows_shipment': tripDayFollowsShipment,
};
