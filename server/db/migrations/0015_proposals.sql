CREATE TABLE "proposta" (
	"proposta_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"status" text DEFAULT 'rascunho' NOT NULL,
	"valor_total" bigint NOT NULL,
	"investimento_municipio" bigint NOT NULL,
	"contrapartida_sebrae" bigint NOT NULL,
	"premium" boolean DEFAULT false NOT NULL,
	"observacoes" text DEFAULT '' NOT NULL,
	"motivo_rejeicao" text,
	"criado_por_id" integer NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposta_valores_nao_negativos" CHECK ("proposta"."investimento_municipio" >= 0 and "proposta"."contrapartida_sebrae" >= 0),
	CONSTRAINT "proposta_total_soma" CHECK ("proposta"."valor_total" = "proposta"."investimento_municipio" + "proposta"."contrapartida_sebrae")
);
--> statement-breakpoint
CREATE TABLE "proposta_arquivo" (
	"arquivo_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"upload_id" text NOT NULL,
	"nome" text NOT NULL,
	"tamanho" integer NOT NULL,
	"sha256" text NOT NULL,
	"tipo" text NOT NULL,
	"storage_key" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"proposta_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposta_eixo" (
	"tenant_id" text NOT NULL,
	"proposta_id" integer NOT NULL,
	"eixo_id" integer NOT NULL,
	CONSTRAINT "proposta_eixo_proposta_id_eixo_id_pk" PRIMARY KEY("proposta_id","eixo_id")
);
--> statement-breakpoint
CREATE TABLE "proposta_extra" (
	"proposta_extra_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"proposta_id" integer NOT NULL,
	"ordem" integer NOT NULL,
	"descricao" text NOT NULL,
	"valor" bigint NOT NULL,
	CONSTRAINT "proposta_extra_valor_nao_negativo" CHECK ("proposta_extra"."valor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "proposta_historico" (
	"proposta_historico_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"proposta_id" integer NOT NULL,
	"evento" text NOT NULL,
	"motivo" text,
	"usuario_id" integer NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposta_parcela" (
	"proposta_parcela_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"proposta_id" integer NOT NULL,
	"numero" integer NOT NULL,
	"vencimento" date NOT NULL,
	"valor" bigint NOT NULL,
	CONSTRAINT "proposta_parcela_valor_positivo" CHECK ("proposta_parcela"."valor" > 0)
);
--> statement-breakpoint
CREATE TABLE "proposta_solucao" (
	"tenant_id" text NOT NULL,
	"proposta_id" integer NOT NULL,
	"solucao_id" integer NOT NULL,
	CONSTRAINT "proposta_solucao_proposta_id_solucao_id_pk" PRIMARY KEY("proposta_id","solucao_id")
);
--> statement-breakpoint
ALTER TABLE "proposta" ADD CONSTRAINT "proposta_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta" ADD CONSTRAINT "proposta_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta" ADD CONSTRAINT "proposta_criado_por_id_usuario_usuario_id_fk" FOREIGN KEY ("criado_por_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta_arquivo" ADD CONSTRAINT "proposta_arquivo_arquivo_id_upload_arquivo_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."upload"("arquivo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta_arquivo" ADD CONSTRAINT "proposta_arquivo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta_arquivo" ADD CONSTRAINT "proposta_arquivo_proposta_id_proposta_proposta_id_fk" FOREIGN KEY ("proposta_id") REFERENCES "public"."proposta"("proposta_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta_eixo" ADD CONSTRAINT "proposta_eixo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta_eixo" ADD CONSTRAINT "proposta_eixo_proposta_id_proposta_proposta_id_fk" FOREIGN KEY ("proposta_id") REFERENCES "public"."proposta"("proposta_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta_eixo" ADD CONSTRAINT "proposta_eixo_eixo_id_eixo_eixo_id_fk" FOREIGN KEY ("eixo_id") REFERENCES "public"."eixo"("eixo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta_extra" ADD CONSTRAINT "proposta_extra_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta_extra" ADD CONSTRAINT "proposta_extra_proposta_id_proposta_proposta_id_fk" FOREIGN KEY ("proposta_id") REFERENCES "public"."proposta"("proposta_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta_historico" ADD CONSTRAINT "proposta_historico_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta_historico" ADD CONSTRAINT "proposta_historico_proposta_id_proposta_proposta_id_fk" FOREIGN KEY ("proposta_id") REFERENCES "public"."proposta"("proposta_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta_historico" ADD CONSTRAINT "proposta_historico_usuario_id_usuario_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta_parcela" ADD CONSTRAINT "proposta_parcela_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta_parcela" ADD CONSTRAINT "proposta_parcela_proposta_id_proposta_proposta_id_fk" FOREIGN KEY ("proposta_id") REFERENCES "public"."proposta"("proposta_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta_solucao" ADD CONSTRAINT "proposta_solucao_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta_solucao" ADD CONSTRAINT "proposta_solucao_proposta_id_proposta_proposta_id_fk" FOREIGN KEY ("proposta_id") REFERENCES "public"."proposta"("proposta_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta_solucao" ADD CONSTRAINT "proposta_solucao_solucao_id_solucao_solucao_id_fk" FOREIGN KEY ("solucao_id") REFERENCES "public"."solucao"("solucao_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposta_tenant_id_municipio_id_index" ON "proposta" USING btree ("tenant_id","municipio_id");--> statement-breakpoint
CREATE INDEX "proposta_arquivo_proposta_id_index" ON "proposta_arquivo" USING btree ("proposta_id");--> statement-breakpoint
CREATE INDEX "proposta_eixo_eixo_id_index" ON "proposta_eixo" USING btree ("eixo_id");--> statement-breakpoint
CREATE INDEX "proposta_extra_proposta_id_index" ON "proposta_extra" USING btree ("proposta_id");--> statement-breakpoint
CREATE INDEX "proposta_historico_proposta_id_index" ON "proposta_historico" USING btree ("proposta_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposta_parcela_proposta_id_numero_index" ON "proposta_parcela" USING btree ("proposta_id","numero");--> statement-breakpoint
CREATE INDEX "proposta_solucao_solucao_id_index" ON "proposta_solucao" USING btree ("solucao_id");