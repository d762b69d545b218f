create table "so" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "status" text not null check ("status" in ('OPEN', 'PARTIAL', 'COMPLETED', 'CANCELED')),
  "doc_no" varchar(50) not null,
  "doc_date" date not null,
  "doc_type" varchar(10),
  "customer_id" uuid not null,
  "branch_id" uuid
);

create table "bo" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "status" text not null check ("status" in ('OPEN', 'CONFIRMED', 'CANCELED')),
  "doc_no" varchar(50) not null,
  "doc_date" date not null,
  "doc_type" varchar(10),
  "customer_id" uuid not null,
  "branch_id" uuid,
  "so_id" uuid
);

create table "booking_report" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "status" text check ("status" in ('CONFIRMED', 'CANCELED')),
  "doc_no" varchar(50),
  "doc_date" date,
  "doc_type" varchar(10),
  "call_status" text check ("call_status" in ('NOT_CALLED', 'CALLED', 'UNREACHABLE')),
  "customer_id" uuid not null,
  "branch_id" uuid,
  "ship_to_id" uuid not null,
  "sub_district_id" uuid,
  "district_id" uuid,
  "province_id" uuid,
  "region_id" uuid,
  "country" varchar(2),
  "load_minute" integer,
  "unload_minute" integer,
  "waiting_minute" integer,
  "travel_minute" integer,
  "distance" numeric(18, 2),
  "day_from_confirm" integer,
  "confirmed_at" timestamptz,
  "confirmed_by" uuid,
  "canceled_at" timestamptz,
  "canceled_by" uuid
);

create table "booking_report__lines" (
  id uuid primary key default gen_random_uuid(),
  parent_id uuid not null references "booking_report" (id) on delete cascade,
  position integer not null default 0,
  "delivery_order_id" uuid not null,
  "article_id" uuid,
  "qty" numeric(18, 3) not null,
  "delivery_date" date not null,
  "delivery_time" time,
  "used_minute" integer,
  "used_weight" numeric(18, 3),
  "used_volume" numeric(18, 3),
  "ship_cond_id" uuid not null,
  "slot_id" uuid not null
);

create table "delivery_order" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "doc_no" varchar(50) not null,
  "pick_at" date,
  "plan_at" date,
  "load_at" date,
  "delivery_at" date,
  "qty" numeric(18, 3),
  "weight" numeric(18, 3) not null,
  "weight_unit" varchar(10),
  "volume" numeric(18, 3) not null,
  "volume_unit" varchar(10),
  "is_booking" boolean not null default false,
  "customer_id" uuid not null,
  "branch_id" uuid,
  "site_id" uuid,
  "sloc_id" uuid,
  "article_uom_id" uuid,
  "ship_cond_id" uuid not null,
  "so_ship_to_id" uuid,
  "bo_ship_to_id" uuid
);

create table "shipment" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "doc_no" varchar(50) not null,
  "car_plate_snap" varchar(20),
  "ship_cond_id" uuid,
  "vehicle_type_id" uuid,
  "driver_id" uuid,
  "plan_date_check_in" date,
  "plan_time_check_in" time,
  "act_date_check_in" date,
  "act_time_check_in" time,
  "plan_date_load_start" date,
  "plan_time_load_start" time,
  "act_date_load_start" date,
  "act_time_load_start" time,
  "plan_date_load_end" date,
  "plan_time_load_end" time,
  "act_date_load_end" date,
  "act_time_load_end" time,
  "plan_date_ship_com" date,
  "plan_time_ship_com" time,
  "act_date_ship_com" date,
  "act_time_ship_com" time,
  "plan_date_ship_start" date,
  "plan_time_ship_start" time,
  "act_date_ship_start" date,
  "act_time_ship_start" time,
  "plan_date_ship_end" date,
  "plan_time_ship_end" time,
  "act_date_ship_end" date,
  "act_time_ship_end" time,
  "branch_id" uuid
);

create table "province" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name_th" varchar(255) not null,
  "name_en" varchar(255),
  "short_name_th" varchar(50),
  "short_name_en" varchar(50),
  "region_id" uuid not null
);

create table "district" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name_th" varchar(255) not null,
  "name_en" varchar(255),
  "short_name_th" varchar(50),
  "short_name_en" varchar(50),
  "province_id" uuid not null,
  "region_id" uuid
);

create table "sub_district" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name_th" varchar(255) not null,
  "name_en" varchar(255),
  "short_name_th" varchar(50),
  "short_name_en" varchar(50),
  "postcode" varchar(5),
  "district_id" uuid not null,
  "province_id" uuid,
  "region_id" uuid,
  "lat" numeric(18, 6),
  "lon" numeric(18, 6)
);

create table "vehicle" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name" varchar(255) not null,
  "precision" integer,
  "license_plate" varchar(20),
  "engine_size" integer,
  "fuel_size" numeric(18, 2),
  "fuel_type" text check ("fuel_type" in ('DIESEL', 'GASOLINE', 'NGV', 'LPG', 'ELECTRIC', 'HYBRID')),
  "engine_number" varchar(50),
  "width" numeric(18, 2),
  "length" numeric(18, 2),
  "height" numeric(18, 2),
  "dimension_unit" varchar(10),
  "volume" numeric(18, 3),
  "volume_unit" varchar(10),
  "min_capacity" numeric(18, 3),
  "max_capacity" numeric(18, 3),
  "unit_capacity" varchar(10),
  "vehicle_group_id" uuid,
  "branch_id" uuid,
  "vehicle_type_id" uuid not null
);

create table "vehicle_type" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name" varchar(255) not null,
  "max_capacity_weight" numeric(18, 3) not null,
  "min_capacity_weight" numeric(18, 3),
  "max_capacity_volume" numeric(18, 3) not null,
  "min_capacity_volume" numeric(18, 3),
  "trailer_truck" boolean not null default false,
  "simple_installation" boolean not null default false,
  "special" boolean not null default false,
  "not_valid_for_planning" boolean not null default false,
  "migrate" boolean not null default false
);

create table "vehicle_group" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name" varchar(255) not null
);

create table "branch" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name" varchar(255) not null,
  "short_name" varchar(50),
  "sale_office" varchar(50),
  "location_group" varchar(50),
  "is_togo" boolean not null default false,
  "address" text,
  "lat" numeric(18, 6),
  "lon" numeric(18, 6),
  "area" varchar(50),
  "country" varchar(2),
  "region_id" uuid,
  "province_id" uuid,
  "district_id" uuid,
  "sub_district_id" uuid
);

create table "branch__vehicle_type_settings" (
  id uuid primary key default gen_random_uuid(),
  parent_id uuid not null references "branch" (id) on delete cascade,
  position integer not null default 0,
  "vehicle_type_id" uuid not null,
  "ship_cond_id" uuid not null,
  "speed_per_km" numeric(18, 2) not null,
  "load_time" integer not null,
  "unload_time" integer not null,
  "wait_time" integer not null
);

create table "ship_cond" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name" varchar(255) not null,
  "migrate" boolean not null default false,
  "sla" integer not null,
  "max_distance" numeric(18, 2)
);

create table "ship_cond__vehicle_type_ids" (owner_id uuid not null references "ship_cond" (id) on delete cascade, ref_id uuid not null, primary key (owner_id, ref_id));

create table "route_config" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name" varchar(255) not null,
  "sub_district_id" uuid not null
);

create table "shift_of_day" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "name" varchar(255) not null,
  "start_time" time not null,
  "end_time" time not null,
  "active" boolean not null default false,
  "migrate" boolean not null default false,
  "priority" integer,
  "time_slot_code_id" uuid,
  "total_minute" integer not null
);

create table "time_slot_code" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name" varchar(255) not null
);

create table "unit" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name" varchar(255) not null
);

create table "uom" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name" varchar(255) not null,
  "precision" integer
);

create table "article" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name" varchar(255) not null,
  "last_sync_at" timestamptz,
  "article_uom" varchar(20),
  "width" numeric(18, 2),
  "length" numeric(18, 2),
  "height" numeric(18, 2),
  "weight" numeric(18, 3),
  "volume" numeric(18, 3),
  "stack_volume_percent" numeric(18, 2),
  "installation_time" integer,
  "cannot_split" boolean not null default false,
  "no_use_cap" boolean not null default false,
  "unit_id" uuid,
  "article_uom_type_id" uuid
);

create table "article__unsupported_vehicle_type_ids" (owner_id uuid not null references "article" (id) on delete cascade, ref_id uuid not null, primary key (owner_id, ref_id));

create table "article_uom_type" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name" varchar(255) not null
);

create table "customer" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name" varchar(255) not null,
  "first_name" varchar(255),
  "last_name" varchar(255),
  "tel" varchar(30)
);

create table "contractor" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "first_name" varchar(255) not null,
  "last_name" varchar(255),
  "tel" varchar(30)
);

create table "driver" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name" varchar(255) not null,
  "tel" varchar(30),
  "start_at" date,
  "end_at" date,
  "is_main" boolean not null default false,
  "license_code" varchar(30),
  "license_type" text check ("license_type" in ('PRIVATE', 'B1', 'B2', 'B3', 'B4', 'T1', 'T2', 'T3', 'T4')),
  "license_exp_date" date,
  "vehicle_id" uuid,
  "branch_id" uuid
);

create table "warehouse" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name" varchar(255) not null
);

create table "ship_to" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name" varchar(255) not null,
  "tel" varchar(30),
  "address" text,
  "sub_district_id" uuid not null,
  "lat" numeric(18, 6),
  "lon" numeric(18, 6)
);

create table "truck_ban_config" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "name" varchar(255) not null,
  "start_time" time not null,
  "end_time" time not null,
  "branch_id" uuid,
  "vehicle_type_id" uuid not null,
  "sub_district_id" uuid not null,
  "ban_day_pattern" text not null check ("ban_day_pattern" in ('EVERY_DAY', 'WEEKDAYS', 'WEEKENDS', 'CUSTOM')),
  "banned_weekdays" smallint[]
);

create table "article_type_prohibit" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name" varchar(255) not null,
  "article_uom_type_id" uuid not null
);

create table "shipping_price_config" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "minimum_fee" numeric(18, 2) not null,
  "fee75_km" numeric(18, 2) not null,
  "fee150_km" numeric(18, 2) not null,
  "vehicle_type_id" uuid not null
);

create table "vehicle_type_adjust_percent" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "booking_weight_adjust_percent" numeric(18, 2) not null,
  "booking_volume_adjust_percent" numeric(18, 2) not null,
  "planning_weight_adjust_percent" numeric(18, 2) not null,
  "planning_volume_adjust_percent" numeric(18, 2) not null,
  "vehicle_type_id" uuid not null,
  "branch_id" uuid
);

create table "vehicle_date_slot" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "total" integer not null,
  "shift_date" date not null,
  "special" integer,
  "vehicle_type_id" uuid not null,
  "branch_id" uuid,
  "shift_of_day_id" uuid not null,
  "ship_cond_id" uuid not null,
  "route_config_id" uuid
);

create table "vehicle_utilization_thresholds" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "status" text not null check ("status" in ('AVAILABLE', 'NORMAL', 'NEARLY_FULL', 'FULL')),
  "min_weight_percent" numeric(18, 2) not null,
  "max_weight_percent" numeric(18, 2) not null,
  "min_volume_percent" numeric(18, 2) not null,
  "max_volume_percent" numeric(18, 2) not null,
  "min_hour_percent" numeric(18, 2) not null,
  "max_hour_percent" numeric(18, 2) not null,
  "vehicle_type_id" uuid not null
);

create table "app_user" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "username" varchar(100) not null,
  "full_name" varchar(255) not null,
  "email" varchar(255),
  "profile_image_id" uuid,
  "active" boolean not null default false,
  "must_change_password" boolean not null default false
);

create table "app_user__branch_ids" (owner_id uuid not null references "app_user" (id) on delete cascade, ref_id uuid not null, primary key (owner_id, ref_id));

create table "app_user__role_group_ids" (owner_id uuid not null references "app_user" (id) on delete cascade, ref_id uuid not null, primary key (owner_id, ref_id));

create table "app_role_group" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "name" varchar(255) not null,
  "roles" text[] not null,
  "description" text
);

create table "region" (
  id uuid primary key default gen_random_uuid(),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid,
  updated_by uuid,
  "code" varchar(50) not null,
  "name_th" varchar(255) not null,
  "name_en" varchar(255),
  "short_name_th" varchar(50),
  "short_name_en" varchar(50)
);

alter table "so" add foreign key ("customer_id") references "customer" (id);

alter table "so" add foreign key ("branch_id") references "branch" (id);

alter table "bo" add foreign key ("customer_id") references "customer" (id);

alter table "bo" add foreign key ("branch_id") references "branch" (id);

alter table "bo" add foreign key ("so_id") references "so" (id);

alter table "booking_report" add foreign key ("customer_id") references "customer" (id);

alter table "booking_report" add foreign key ("branch_id") references "branch" (id);

alter table "booking_report" add foreign key ("ship_to_id") references "ship_to" (id);

alter table "booking_report" add foreign key ("sub_district_id") references "sub_district" (id);

alter table "booking_report" add foreign key ("district_id") references "district" (id);

alter table "booking_report" add foreign key ("province_id") references "province" (id);

alter table "booking_report" add foreign key ("region_id") references "region" (id);

alter table "booking_report" add foreign key ("confirmed_by") references "app_user" (id);

alter table "booking_report" add foreign key ("canceled_by") references "app_user" (id);

alter table "booking_report__lines" add foreign key ("delivery_order_id") references "delivery_order" (id);

alter table "booking_report__lines" add foreign key ("article_id") references "article" (id);

alter table "booking_report__lines" add foreign key ("ship_cond_id") references "ship_cond" (id);

alter table "booking_report__lines" add foreign key ("slot_id") references "vehicle_date_slot" (id);

alter table "delivery_order" add foreign key ("customer_id") references "customer" (id);

alter table "delivery_order" add foreign key ("branch_id") references "branch" (id);

alter table "delivery_order" add foreign key ("site_id") references "branch" (id);

alter table "delivery_order" add foreign key ("sloc_id") references "warehouse" (id);

alter table "delivery_order" add foreign key ("article_uom_id") references "article" (id);

alter table "delivery_order" add foreign key ("ship_cond_id") references "ship_cond" (id);

alter table "delivery_order" add foreign key ("so_ship_to_id") references "ship_to" (id);

alter table "delivery_order" add foreign key ("bo_ship_to_id") references "ship_to" (id);

alter table "shipment" add foreign key ("ship_cond_id") references "ship_cond" (id);

alter table "shipment" add foreign key ("vehicle_type_id") references "vehicle_type" (id);

alter table "shipment" add foreign key ("driver_id") references "driver" (id);

alter table "shipment" add foreign key ("branch_id") references "branch" (id);

alter table "province" add foreign key ("region_id") references "region" (id);

alter table "district" add foreign key ("province_id") references "province" (id);

alter table "district" add foreign key ("region_id") references "region" (id);

alter table "sub_district" add foreign key ("district_id") references "district" (id);

alter table "sub_district" add foreign key ("province_id") references "province" (id);

alter table "sub_district" add foreign key ("region_id") references "region" (id);

alter table "vehicle" add foreign key ("vehicle_group_id") references "vehicle_group" (id);

alter table "vehicle" add foreign key ("branch_id") references "branch" (id);

alter table "vehicle" add foreign key ("vehicle_type_id") references "vehicle_type" (id);

alter table "branch" add foreign key ("region_id") references "region" (id);

alter table "branch" add foreign key ("province_id") references "province" (id);

alter table "branch" add foreign key ("district_id") references "district" (id);

alter table "branch" add foreign key ("sub_district_id") references "sub_district" (id);

alter table "branch__vehicle_type_settings" add foreign key ("vehicle_type_id") references "vehicle_type" (id);

alter table "branch__vehicle_type_settings" add foreign key ("ship_cond_id") references "ship_cond" (id);

alter table "ship_cond__vehicle_type_ids" add foreign key (ref_id) references "vehicle_type" (id);

alter table "route_config" add foreign key ("sub_district_id") references "sub_district" (id);

alter table "shift_of_day" add foreign key ("time_slot_code_id") references "time_slot_code" (id);

alter table "article" add foreign key ("unit_id") references "unit" (id);

alter table "article" add foreign key ("article_uom_type_id") references "article_uom_type" (id);

alter table "article__unsupported_vehicle_type_ids" add foreign key (ref_id) references "vehicle_type" (id);

alter table "driver" add foreign key ("vehicle_id") references "vehicle" (id);

alter table "driver" add foreign key ("branch_id") references "branch" (id);

alter table "ship_to" add foreign key ("sub_district_id") references "sub_district" (id);

alter table "truck_ban_config" add foreign key ("branch_id") references "branch" (id);

alter table "truck_ban_config" add foreign key ("vehicle_type_id") references "vehicle_type" (id);

alter table "truck_ban_config" add foreign key ("sub_district_id") references "sub_district" (id);

alter table "article_type_prohibit" add foreign key ("article_uom_type_id") references "article_uom_type" (id);

alter table "shipping_price_config" add foreign key ("vehicle_type_id") references "vehicle_type" (id);

alter table "vehicle_type_adjust_percent" add foreign key ("vehicle_type_id") references "vehicle_type" (id);

alter table "vehicle_type_adjust_percent" add foreign key ("branch_id") references "branch" (id);

alter table "vehicle_date_slot" add foreign key ("vehicle_type_id") references "vehicle_type" (id);

alter table "vehicle_date_slot" add foreign key ("branch_id") references "branch" (id);

alter table "vehicle_date_slot" add foreign key ("shift_of_day_id") references "shift_of_day" (id);

alter table "vehicle_date_slot" add foreign key ("ship_cond_id") references "ship_cond" (id);

alter table "vehicle_date_slot" add foreign key ("route_config_id") references "route_config" (id);

alter table "vehicle_utilization_thresholds" add foreign key ("vehicle_type_id") references "vehicle_type" (id);

alter table "app_user__branch_ids" add foreign key (ref_id) references "branch" (id);

alter table "app_user__role_group_ids" add foreign key (ref_id) references "app_role_group" (id);

create unique index on "so" ("branch_id", "doc_no");

create index on "so" using gin ("doc_no" gin_trgm_ops);

create index on "so" ("customer_id");

create index on "so" ("branch_id");

create index on "so" ("branch_id", "doc_date" desc, "doc_no" desc, id);

create unique index on "bo" ("branch_id", "doc_no");

create index on "bo" using gin ("doc_no" gin_trgm_ops);

create index on "bo" ("customer_id");

create index on "bo" ("branch_id");

create index on "bo" ("so_id");

create index on "bo" ("branch_id", "doc_date" desc, "doc_no" desc, id);

create unique index on "booking_report" ("branch_id", "doc_no");

create index on "booking_report" using gin ("doc_no" gin_trgm_ops);

create index on "booking_report" ("customer_id");

create index on "booking_report" ("branch_id");

create index on "booking_report" ("ship_to_id");

create index on "booking_report" ("sub_district_id");

create index on "booking_report" ("district_id");

create index on "booking_report" ("province_id");

create index on "booking_report" ("region_id");

create index on "booking_report" ("confirmed_by");

create index on "booking_report" ("canceled_by");

create index on "booking_report" ("branch_id", "confirmed_at" desc, "doc_no" desc, id);

create index on "booking_report__lines" (parent_id, position);

create unique index on "delivery_order" ("branch_id", "doc_no");

create index on "delivery_order" using gin ("doc_no" gin_trgm_ops);

create index on "delivery_order" ("customer_id");

create index on "delivery_order" ("branch_id");

create index on "delivery_order" ("site_id");

create index on "delivery_order" ("sloc_id");

create index on "delivery_order" ("article_uom_id");

create index on "delivery_order" ("ship_cond_id");

create index on "delivery_order" ("so_ship_to_id");

create index on "delivery_order" ("bo_ship_to_id");

create index on "delivery_order" ("branch_id", "delivery_at" desc, "doc_no" desc, id);

create unique index on "shipment" ("branch_id", "doc_no");

create index on "shipment" using gin ("doc_no" gin_trgm_ops);

create index on "shipment" using gin ("car_plate_snap" gin_trgm_ops);

create index on "shipment" ("ship_cond_id");

create index on "shipment" ("vehicle_type_id");

create index on "shipment" ("driver_id");

create index on "shipment" ("branch_id");

create index on "shipment" ("branch_id", "plan_date_check_in" desc, "doc_no" desc, id);

create unique index on "province" ("code");

create index on "province" using gin ("code" gin_trgm_ops);

create index on "province" using gin ("name_th" gin_trgm_ops);

create index on "province" using gin ("name_en" gin_trgm_ops);

create index on "province" ("region_id");

create index on "province" ("code" asc, id);

create unique index on "district" ("code");

create index on "district" using gin ("code" gin_trgm_ops);

create index on "district" using gin ("name_th" gin_trgm_ops);

create index on "district" using gin ("name_en" gin_trgm_ops);

create index on "district" ("province_id");

create index on "district" ("region_id");

create index on "district" ("code" asc, id);

create unique index on "sub_district" ("code");

create index on "sub_district" using gin ("code" gin_trgm_ops);

create index on "sub_district" using gin ("name_th" gin_trgm_ops);

create index on "sub_district" using gin ("name_en" gin_trgm_ops);

create index on "sub_district" using gin ("postcode" gin_trgm_ops);

create index on "sub_district" ("district_id");

create index on "sub_district" ("province_id");

create index on "sub_district" ("region_id");

create index on "sub_district" ("code" asc, id);

create unique index on "vehicle" ("branch_id", "code");

create index on "vehicle" using gin ("code" gin_trgm_ops);

create index on "vehicle" using gin ("name" gin_trgm_ops);

create index on "vehicle" using gin ("license_plate" gin_trgm_ops);

create index on "vehicle" ("vehicle_group_id");

create index on "vehicle" ("branch_id");

create index on "vehicle" ("vehicle_type_id");

create index on "vehicle" ("branch_id", "code" asc, id);

create unique index on "vehicle_type" ("code");

create index on "vehicle_type" using gin ("code" gin_trgm_ops);

create index on "vehicle_type" using gin ("name" gin_trgm_ops);

create index on "vehicle_type" ("code" asc, id);

create unique index on "vehicle_group" ("code");

create index on "vehicle_group" using gin ("code" gin_trgm_ops);

create index on "vehicle_group" using gin ("name" gin_trgm_ops);

create index on "vehicle_group" ("code" asc, id);

create unique index on "branch" ("code");

create index on "branch" using gin ("code" gin_trgm_ops);

create index on "branch" using gin ("name" gin_trgm_ops);

create index on "branch" ("region_id");

create index on "branch" ("province_id");

create index on "branch" ("district_id");

create index on "branch" ("sub_district_id");

create index on "branch" ("code" asc, id);

create index on "branch__vehicle_type_settings" (parent_id, position);

create unique index on "ship_cond" ("code");

create index on "ship_cond" using gin ("code" gin_trgm_ops);

create index on "ship_cond" using gin ("name" gin_trgm_ops);

create index on "ship_cond" ("code" asc, id);

create index on "ship_cond__vehicle_type_ids" (ref_id);

create index on "route_config" using gin ("code" gin_trgm_ops);

create index on "route_config" using gin ("name" gin_trgm_ops);

create index on "route_config" ("sub_district_id");

create index on "route_config" ("code" asc, "sub_district_id" asc, id);

create index on "shift_of_day" using gin ("name" gin_trgm_ops);

create index on "shift_of_day" ("time_slot_code_id");

create index on "shift_of_day" ("priority" asc, "start_time" asc, id);

create unique index on "time_slot_code" ("code");

create index on "time_slot_code" using gin ("code" gin_trgm_ops);

create index on "time_slot_code" using gin ("name" gin_trgm_ops);

create index on "time_slot_code" ("code" asc, id);

create unique index on "unit" ("code");

create index on "unit" using gin ("code" gin_trgm_ops);

create index on "unit" using gin ("name" gin_trgm_ops);

create index on "unit" ("code" asc, id);

create unique index on "uom" ("code");

create index on "uom" using gin ("code" gin_trgm_ops);

create index on "uom" using gin ("name" gin_trgm_ops);

create index on "uom" ("code" asc, id);

create unique index on "article" ("code");

create index on "article" using gin ("code" gin_trgm_ops);

create index on "article" using gin ("name" gin_trgm_ops);

create index on "article" ("unit_id");

create index on "article" ("article_uom_type_id");

create index on "article" ("code" asc, id);

create index on "article__unsupported_vehicle_type_ids" (ref_id);

create unique index on "article_uom_type" ("code");

create index on "article_uom_type" using gin ("code" gin_trgm_ops);

create index on "article_uom_type" using gin ("name" gin_trgm_ops);

create index on "article_uom_type" ("code" asc, id);

create unique index on "customer" ("code");

create index on "customer" using gin ("code" gin_trgm_ops);

create index on "customer" using gin ("name" gin_trgm_ops);

create index on "customer" using gin ("first_name" gin_trgm_ops);

create index on "customer" using gin ("last_name" gin_trgm_ops);

create index on "customer" ("code" asc, id);

create unique index on "contractor" ("code");

create index on "contractor" using gin ("code" gin_trgm_ops);

create index on "contractor" using gin ("first_name" gin_trgm_ops);

create index on "contractor" using gin ("last_name" gin_trgm_ops);

create index on "contractor" ("code" asc, id);

create unique index on "driver" ("branch_id", "code");

create index on "driver" using gin ("code" gin_trgm_ops);

create index on "driver" using gin ("name" gin_trgm_ops);

create index on "driver" using gin ("license_code" gin_trgm_ops);

create index on "driver" ("vehicle_id");

create index on "driver" ("branch_id");

create index on "driver" ("branch_id", "code" asc, id);

create unique index on "warehouse" ("code");

create index on "warehouse" using gin ("code" gin_trgm_ops);

create index on "warehouse" using gin ("name" gin_trgm_ops);

create index on "warehouse" ("code" asc, id);

create unique index on "ship_to" ("code");

create index on "ship_to" using gin ("code" gin_trgm_ops);

create index on "ship_to" using gin ("name" gin_trgm_ops);

create index on "ship_to" ("sub_district_id");

create index on "ship_to" ("code" asc, id);

create index on "truck_ban_config" using gin ("name" gin_trgm_ops);

create index on "truck_ban_config" ("branch_id");

create index on "truck_ban_config" ("vehicle_type_id");

create index on "truck_ban_config" ("sub_district_id");

create index on "truck_ban_config" ("branch_id", "name" asc, id);

create index on "article_type_prohibit" using gin ("code" gin_trgm_ops);

create index on "article_type_prohibit" using gin ("name" gin_trgm_ops);

create index on "article_type_prohibit" ("article_uom_type_id");

create index on "article_type_prohibit" ("code" asc, "article_uom_type_id" asc, id);

create unique index on "shipping_price_config" ("vehicle_type_id");

create index on "shipping_price_config" ("vehicle_type_id" asc, id);

create unique index on "vehicle_type_adjust_percent" ("branch_id", "vehicle_type_id");

create index on "vehicle_type_adjust_percent" ("branch_id");

create index on "vehicle_type_adjust_percent" ("branch_id", "vehicle_type_id" asc, id);

create index on "vehicle_date_slot" ("vehicle_type_id");

create index on "vehicle_date_slot" ("branch_id");

create index on "vehicle_date_slot" ("shift_of_day_id");

create index on "vehicle_date_slot" ("ship_cond_id");

create index on "vehicle_date_slot" ("route_config_id");

create index on "vehicle_date_slot" ("branch_id", "shift_date" desc, "shift_of_day_id" asc, id);

create index on "vehicle_utilization_thresholds" ("vehicle_type_id");

create index on "vehicle_utilization_thresholds" ("vehicle_type_id" asc, "min_weight_percent" asc, id);

create unique index on "app_user" ("username");

create index on "app_user" using gin ("username" gin_trgm_ops);

create index on "app_user" using gin ("full_name" gin_trgm_ops);

create index on "app_user" using gin ("email" gin_trgm_ops);

create index on "app_user" ("username" asc, id);

create index on "app_user__branch_ids" (ref_id);

create index on "app_user__role_group_ids" (ref_id);

create unique index on "app_role_group" ("name");

create index on "app_role_group" using gin ("name" gin_trgm_ops);

create index on "app_role_group" ("name" asc, id);

create unique index on "region" ("code");

create index on "region" using gin ("code" gin_trgm_ops);

create index on "region" using gin ("name_th" gin_trgm_ops);

create index on "region" using gin ("name_en" gin_trgm_ops);

create index on "region" ("code" asc, id);
