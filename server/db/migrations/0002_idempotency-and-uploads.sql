CREATE TABLE "idempotency_key" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"usuario_id" integer NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL,
	"owner" text NOT NULL,
	"status_code" integer,
	"content_type" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload" (
	"arquivo_id" serial PRIMARY KEY NOT NULL,
	"upload_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"usuario_id" integer NOT NULL,
	"chave" text NOT NULL,
	"nome" text NOT NULL,
	"tamanho" integer NOT NULL,
	"sha256" text NOT NULL,
	"finalidade" text NOT NULL,
	"tipo" text,
	"recebido" integer DEFAULT 0 NOT NULL,
	"concluido" boolean DEFAULT false NOT NULL,
	"storage_key" text NOT NULL,
	"writing_until" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_uploadId_unique" UNIQUE("upload_id")
);
--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD CONSTRAINT "idempotency_key_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_key_tenant_id_usuario_id_key_index" ON "idempotency_key" USING btree ("tenant_id","usuario_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_key_created_at_index" ON "idempotency_key" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_tenant_id_usuario_id_chave_index" ON "upload" USING btree ("tenant_id","usuario_id","chave");--> statement-breakpoint
CREATE INDEX "upload_concluido_atualizado_em_index" ON "upload" USING btree ("concluido","atualizado_em");