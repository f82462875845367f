CREATE TABLE "data_migrations" (
	"name" text PRIMARY KEY NOT NULL,
	"changed" text,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
