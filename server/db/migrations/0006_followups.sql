CREATE TABLE "acompanhamento" (
	"acompanhamento_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"tema_id" integer,
	"nome" text NOT NULL,
	"diagnostico" boolean DEFAULT false NOT NULL,
	"finalizado" boolean DEFAULT false NOT NULL,
	"finalizado_em" timestamp with time zone,
	"usuario_id" integer NOT NULL,
	"pontos_descontados" integer DEFAULT 0 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acompanhamento_pergunta" (
	"acompanhamento_pergunta_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"acompanhamento_id" integer NOT NULL,
	"pergunta_id" integer NOT NULL,
	"resposta" boolean,
	"respondida" boolean DEFAULT false NOT NULL,
	"comentario" text,
	"pontos_especificos" integer DEFAULT 0 NOT NULL,
	"respondida_em" timestamp with time zone,
	"respondida_por" integer
);
--> statement-breakpoint
CREATE TABLE "selo_diagnostico" (
	"selo_diagnostico_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_por" integer
);
--> statement-breakpoint
ALTER TABLE "acompanhamento" ADD CONSTRAINT "acompanhamento_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acompanhamento" ADD CONSTRAINT "acompanhamento_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acompanhamento" ADD CONSTRAINT "acompanhamento_tema_id_tema_tema_id_fk" FOREIGN KEY ("tema_id") REFERENCES "public"."tema"("tema_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acompanhamento" ADD CONSTRAINT "acompanhamento_usuario_id_usuario_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acompanhamento_pergunta" ADD CONSTRAINT "acompanhamento_pergunta_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acompanhamento_pergunta" ADD CONSTRAINT "acompanhamento_pergunta_acompanhamento_id_acompanhamento_acompanhamento_id_fk" FOREIGN KEY ("acompanhamento_id") REFERENCES "public"."acompanhamento"("acompanhamento_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acompanhamento_pergunta" ADD CONSTRAINT "acompanhamento_pergunta_respondida_por_usuario_usuario_id_fk" FOREIGN KEY ("respondida_por") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selo_diagnostico" ADD CONSTRAINT "selo_diagnostico_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selo_diagnostico" ADD CONSTRAINT "selo_diagnostico_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selo_diagnostico" ADD CONSTRAINT "selo_diagnostico_enviado_por_usuario_usuario_id_fk" FOREIGN KEY ("enviado_por") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acompanhamento_tenant_id_municipio_id_index" ON "acompanhamento" USING btree ("tenant_id","municipio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "acompanhamento_aberto_por_tema" ON "acompanhamento" USING btree ("municipio_id","tema_id") WHERE not finalizado and not diagnostico;--> statement-breakpoint
CREATE UNIQUE INDEX "acompanhamento_diagnostico_por_municipio" ON "acompanhamento" USING btree ("municipio_id") WHERE diagnostico;--> statement-breakpoint
CREATE UNIQUE INDEX "acompanhamento_pergunta_acompanhamento_id_pergunta_id_index" ON "acompanhamento_pergunta" USING btree ("acompanhamento_id","pergunta_id");--> statement-breakpoint
CREATE UNIQUE INDEX "selo_diagnostico_municipio_id_index" ON "selo_diagnostico" USING btree ("municipio_id");