CREATE TABLE "git_connections" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"base_url" text NOT NULL,
	"kind" text NOT NULL,
	"username" text,
	"account" text,
	"token_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "git_sync_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"files_changed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"commit_sha" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "git_sync_states" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"base_url" text NOT NULL,
	"synced_commit" text,
	"merge_ours" text,
	"merge_theirs" text,
	"merge_conflicts" jsonb,
	"last_fetched_at" timestamp with time zone,
	"last_auto_push_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "git_connections" ADD CONSTRAINT "git_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_sync_history" ADD CONSTRAINT "git_sync_history_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_sync_states" ADD CONSTRAINT "git_sync_states_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "git_sync_history_project_idx" ON "git_sync_history" USING btree ("project_id","created_at");