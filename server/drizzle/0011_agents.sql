CREATE TABLE "agent_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid,
	"agent" text NOT NULL,
	"task" text NOT NULL,
	"success" boolean NOT NULL,
	"execution_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_orchestrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"request" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"cancel_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agent_history" ADD CONSTRAINT "agent_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_history" ADD CONSTRAINT "agent_history_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_orchestrations" ADD CONSTRAINT "agent_orchestrations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_orchestrations" ADD CONSTRAINT "agent_orchestrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_history_user_idx" ON "agent_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_orchestrations_project_idx" ON "agent_orchestrations" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_orchestrations_user_status_idx" ON "agent_orchestrations" USING btree ("user_id","status");