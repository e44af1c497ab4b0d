CREATE TABLE "project_packages" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"allow_scripts" boolean DEFAULT false NOT NULL,
	"npm_manifest_hash" text,
	"npm_installed_at" timestamp with time zone,
	"python_manifest_hash" text,
	"python_installed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_packages" ADD CONSTRAINT "project_packages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;