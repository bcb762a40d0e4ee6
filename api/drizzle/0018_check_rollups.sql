CREATE TABLE "check_rollups" (
	"endpoint_id" uuid NOT NULL,
	"location" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"n_success" integer NOT NULL,
	"sum_ms" double precision NOT NULL,
	"hist" smallint[] NOT NULL,
	"seen" bigint NOT NULL,
	"ok" bigint NOT NULL,
	CONSTRAINT "check_rollups_endpoint_id_bucket_location_pk" PRIMARY KEY("endpoint_id","bucket","location")
);
