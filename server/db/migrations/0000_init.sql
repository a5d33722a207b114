CREATE TABLE "tenant" (
	"id" text PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"uf" text NOT NULL,
	"versao_permissoes" bigint DEFAULT 0 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "configuracao" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"ver_aba_geral" boolean DEFAULT false NOT NULL,
	"ver_aba_acompanhamento" boolean DEFAULT false NOT NULL,
	"ver_aba_evidencia" boolean DEFAULT false NOT NULL,
	"ver_aba_termo_referencia" boolean DEFAULT false NOT NULL,
	"ver_aba_grupo" boolean DEFAULT false NOT NULL,
	"ver_aba_evento" boolean DEFAULT false NOT NULL,
	"ver_aba_evento_em_lote" boolean DEFAULT false NOT NULL,
	"ver_aba_relatorio" boolean DEFAULT false NOT NULL,
	"ver_aba_relatorio_administrativo" boolean DEFAULT false NOT NULL,
	"ver_aba_proposta" boolean DEFAULT false NOT NULL,
	"ver_aba_andamento" boolean DEFAULT false NOT NULL,
	"ver_cliente_oculto" boolean DEFAULT false NOT NULL,
	"ver_aba_sala" boolean DEFAULT false NOT NULL,
	"nao_ver_cliente_oculto" boolean DEFAULT true NOT NULL,
	"nao_ver_cliente_oculto_ouro" boolean DEFAULT false NOT NULL,
	"menu_gestao" boolean DEFAULT false NOT NULL,
	"menu_gestao_territorios" boolean DEFAULT false NOT NULL,
	"menu_educacao_empreendedora" boolean DEFAULT false NOT NULL,
	"menu_gestao_municipios" boolean DEFAULT false NOT NULL,
	"menu_encontros" boolean DEFAULT false NOT NULL,
	"menu_municipios_eixos" boolean DEFAULT false NOT NULL,
	"menu_municipios_temas" boolean DEFAULT false NOT NULL,
	"menu_meus_encontros" boolean DEFAULT false NOT NULL,
	"menu_gestao_cadastros" boolean DEFAULT false NOT NULL,
	"menu_unidades_regionais" boolean DEFAULT false NOT NULL,
	"menu_contratos" boolean DEFAULT false NOT NULL,
	"menu_temas" boolean DEFAULT false NOT NULL,
	"menu_eixos" boolean DEFAULT false NOT NULL,
	"menu_pacotes" boolean DEFAULT false NOT NULL,
	"menu_perguntas" boolean DEFAULT false NOT NULL,
	"menu_medalhas" boolean DEFAULT false NOT NULL,
	"menu_eventos" boolean DEFAULT false NOT NULL,
	"menu_categorias" boolean DEFAULT false NOT NULL,
	"menu_instituicao" boolean DEFAULT false NOT NULL,
	"menu_faixas" boolean DEFAULT false NOT NULL,
	"menu_administracao" boolean DEFAULT false NOT NULL,
	"menu_configuracoes" boolean DEFAULT false NOT NULL,
	"menu_grupos" boolean DEFAULT false NOT NULL,
	"menu_projetos_solucoes" boolean DEFAULT false NOT NULL,
	"menu_processos_pagamento" boolean DEFAULT false NOT NULL,
	"menu_tipo_solucao" boolean DEFAULT false NOT NULL,
	"menu_meus_processos_pagamento" boolean DEFAULT false NOT NULL,
	"menu_sala_empreendedor" boolean DEFAULT false NOT NULL,
	"menu_usuarios" boolean DEFAULT false NOT NULL,
	"menu_relatorios" boolean DEFAULT false NOT NULL,
	"menu_analisar_relatorios" boolean DEFAULT false NOT NULL,
	"ver_meus_relatorios" boolean DEFAULT true NOT NULL,
	"menu_analisar_relatorios_admin" boolean DEFAULT false NOT NULL,
	"menu_meus_relatorios_admin" boolean DEFAULT false NOT NULL,
	"menu_dashboard" boolean DEFAULT false NOT NULL,
	"visualizar_respondidas" boolean DEFAULT false NOT NULL,
	"enviar_respondidas" boolean DEFAULT false NOT NULL,
	"visualizar_evidenciadas" boolean DEFAULT false NOT NULL,
	"enviar_evidenciadas" boolean DEFAULT false NOT NULL,
	"visualizar_rejeitadas" boolean DEFAULT false NOT NULL,
	"enviar_rejeitadas" boolean DEFAULT false NOT NULL,
	"visualizar_aprovadas" boolean DEFAULT false NOT NULL,
	"enviar_aprovadas" boolean DEFAULT false NOT NULL,
	"analisar_evidenciadas" boolean DEFAULT false NOT NULL,
	"analisar_aprovadas" boolean DEFAULT false NOT NULL,
	"analisar_rejeitadas" boolean DEFAULT false NOT NULL,
	"envia_pergunta_id1_selo" boolean DEFAULT false NOT NULL,
	"novo_acompanhamento" boolean DEFAULT false NOT NULL,
	"ver_pontos_acoes_acompanhamento" boolean DEFAULT false NOT NULL,
	"finalizar_acompanhamento" boolean DEFAULT false NOT NULL,
	"municipios_nao_vigentes_respondem_perguntas_nacionais" boolean DEFAULT false NOT NULL,
	"carrega_membros_grupos" boolean DEFAULT true NOT NULL,
	"ver_todas_instituicao" boolean DEFAULT false NOT NULL,
	"ver_campo_instituicao_membro" boolean DEFAULT false NOT NULL,
	"ver_todos_membros_municipio" boolean DEFAULT false NOT NULL,
	"pode_criar_evento_sem_tarefa_calendario" boolean DEFAULT true NOT NULL,
	"ver_duracao_calendario" boolean DEFAULT true NOT NULL,
	"novo_relatorio" boolean DEFAULT false NOT NULL,
	"pode_analisar_relatorio" boolean DEFAULT false NOT NULL,
	"edita_horas_utilizadas" boolean DEFAULT false NOT NULL,
	"edita_horas_utilizadas_quando_tarefas_sem_hr_predefinidas" boolean DEFAULT false NOT NULL,
	"ver_parcial_acao_finalizada" boolean DEFAULT false NOT NULL,
	"exibir_pj_atendida" boolean DEFAULT false NOT NULL,
	"exibir_pf_atendida" boolean DEFAULT false NOT NULL,
	"um_tarefa_valor_relatorio" boolean DEFAULT false NOT NULL,
	"ocultar_relatorio_administrativos" boolean DEFAULT false NOT NULL,
	"ver_custo_preco" boolean DEFAULT false NOT NULL,
	"ver_tipo_solucao" boolean DEFAULT false NOT NULL,
	"pode_analisar_proposta" boolean DEFAULT false NOT NULL,
	"pode_excluir_proposta" boolean DEFAULT false NOT NULL,
	"liberar_maximo_eixo_ma" boolean DEFAULT false NOT NULL,
	"adicionar_termo_referencia" boolean DEFAULT true NOT NULL,
	"editar_termo_referencia" boolean DEFAULT true NOT NULL,
	"excluir_termo_referencia" boolean DEFAULT true NOT NULL,
	"importar_termo_referencia" boolean DEFAULT true NOT NULL,
	"interromper_termo_referencia" boolean DEFAULT true NOT NULL,
	"exibir_filtro" boolean DEFAULT true NOT NULL,
	"ver_evolucao_municipio" boolean DEFAULT true NOT NULL,
	"ver_todos_eixos" boolean DEFAULT false NOT NULL,
	"visualiza_municipio" boolean DEFAULT false NOT NULL,
	"salvar_municipio" boolean DEFAULT true NOT NULL,
	"visualizar_logo" boolean DEFAULT true NOT NULL,
	"visualizar_pontos_medalha" boolean DEFAULT true NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_falha" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"chave" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_senha" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"usuario_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"tipo" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_senha_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "usuario" (
	"usuario_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"cpf" text,
	"telefone" text,
	"senha_hash" text,
	"grupo_id" integer,
	"habilitado" boolean DEFAULT true NOT NULL,
	"administrador_sistema" boolean DEFAULT false NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_grupo" (
	"grupo_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"ver_aba_geral" boolean DEFAULT false NOT NULL,
	"ver_aba_acompanhamento" boolean DEFAULT false NOT NULL,
	"ver_aba_evidencia" boolean DEFAULT false NOT NULL,
	"ver_aba_termo_referencia" boolean DEFAULT false NOT NULL,
	"ver_aba_grupo" boolean DEFAULT false NOT NULL,
	"ver_aba_evento" boolean DEFAULT false NOT NULL,
	"ver_aba_evento_em_lote" boolean DEFAULT false NOT NULL,
	"ver_aba_relatorio" boolean DEFAULT false NOT NULL,
	"ver_aba_relatorio_administrativo" boolean DEFAULT false NOT NULL,
	"ver_aba_proposta" boolean DEFAULT false NOT NULL,
	"ver_aba_andamento" boolean DEFAULT false NOT NULL,
	"ver_cliente_oculto" boolean DEFAULT false NOT NULL,
	"ver_aba_sala" boolean DEFAULT false NOT NULL,
	"nao_ver_cliente_oculto" boolean DEFAULT true NOT NULL,
	"nao_ver_cliente_oculto_ouro" boolean DEFAULT false NOT NULL,
	"menu_gestao" boolean DEFAULT false NOT NULL,
	"menu_gestao_territorios" boolean DEFAULT false NOT NULL,
	"menu_educacao_empreendedora" boolean DEFAULT false NOT NULL,
	"menu_gestao_municipios" boolean DEFAULT false NOT NULL,
	"menu_encontros" boolean DEFAULT false NOT NULL,
	"menu_municipios_eixos" boolean DEFAULT false NOT NULL,
	"menu_municipios_temas" boolean DEFAULT false NOT NULL,
	"menu_meus_encontros" boolean DEFAULT false NOT NULL,
	"menu_gestao_cadastros" boolean DEFAULT false NOT NULL,
	"menu_unidades_regionais" boolean DEFAULT false NOT NULL,
	"menu_contratos" boolean DEFAULT false NOT NULL,
	"menu_temas" boolean DEFAULT false NOT NULL,
	"menu_eixos" boolean DEFAULT false NOT NULL,
	"menu_pacotes" boolean DEFAULT false NOT NULL,
	"menu_perguntas" boolean DEFAULT false NOT NULL,
	"menu_medalhas" boolean DEFAULT false NOT NULL,
	"menu_eventos" boolean DEFAULT false NOT NULL,
	"menu_categorias" boolean DEFAULT false NOT NULL,
	"menu_instituicao" boolean DEFAULT false NOT NULL,
	"menu_faixas" boolean DEFAULT false NOT NULL,
	"menu_administracao" boolean DEFAULT false NOT NULL,
	"menu_configuracoes" boolean DEFAULT false NOT NULL,
	"menu_grupos" boolean DEFAULT false NOT NULL,
	"menu_projetos_solucoes" boolean DEFAULT false NOT NULL,
	"menu_processos_pagamento" boolean DEFAULT false NOT NULL,
	"menu_tipo_solucao" boolean DEFAULT false NOT NULL,
	"menu_meus_processos_pagamento" boolean DEFAULT false NOT NULL,
	"menu_sala_empreendedor" boolean DEFAULT false NOT NULL,
	"menu_usuarios" boolean DEFAULT false NOT NULL,
	"menu_relatorios" boolean DEFAULT false NOT NULL,
	"menu_analisar_relatorios" boolean DEFAULT false NOT NULL,
	"ver_meus_relatorios" boolean DEFAULT true NOT NULL,
	"menu_analisar_relatorios_admin" boolean DEFAULT false NOT NULL,
	"menu_meus_relatorios_admin" boolean DEFAULT false NOT NULL,
	"menu_dashboard" boolean DEFAULT false NOT NULL,
	"visualizar_respondidas" boolean DEFAULT false NOT NULL,
	"enviar_respondidas" boolean DEFAULT false NOT NULL,
	"visualizar_evidenciadas" boolean DEFAULT false NOT NULL,
	"enviar_evidenciadas" boolean DEFAULT false NOT NULL,
	"visualizar_rejeitadas" boolean DEFAULT false NOT NULL,
	"enviar_rejeitadas" boolean DEFAULT false NOT NULL,
	"visualizar_aprovadas" boolean DEFAULT false NOT NULL,
	"enviar_aprovadas" boolean DEFAULT false NOT NULL,
	"analisar_evidenciadas" boolean DEFAULT false NOT NULL,
	"analisar_aprovadas" boolean DEFAULT false NOT NULL,
	"analisar_rejeitadas" boolean DEFAULT false NOT NULL,
	"envia_pergunta_id1_selo" boolean DEFAULT false NOT NULL,
	"novo_acompanhamento" boolean DEFAULT false NOT NULL,
	"ver_pontos_acoes_acompanhamento" boolean DEFAULT false NOT NULL,
	"finalizar_acompanhamento" boolean DEFAULT false NOT NULL,
	"municipios_nao_vigentes_respondem_perguntas_nacionais" boolean DEFAULT false NOT NULL,
	"carrega_membros_grupos" boolean DEFAULT true NOT NULL,
	"ver_todas_instituicao" boolean DEFAULT false NOT NULL,
	"ver_campo_instituicao_membro" boolean DEFAULT false NOT NULL,
	"ver_todos_membros_municipio" boolean DEFAULT false NOT NULL,
	"pode_criar_evento_sem_tarefa_calendario" boolean DEFAULT true NOT NULL,
	"ver_duracao_calendario" boolean DEFAULT true NOT NULL,
	"novo_relatorio" boolean DEFAULT false NOT NULL,
	"pode_analisar_relatorio" boolean DEFAULT false NOT NULL,
	"edita_horas_utilizadas" boolean DEFAULT false NOT NULL,
	"edita_horas_utilizadas_quando_tarefas_sem_hr_predefinidas" boolean DEFAULT false NOT NULL,
	"ver_parcial_acao_finalizada" boolean DEFAULT false NOT NULL,
	"exibir_pj_atendida" boolean DEFAULT false NOT NULL,
	"exibir_pf_atendida" boolean DEFAULT false NOT NULL,
	"um_tarefa_valor_relatorio" boolean DEFAULT false NOT NULL,
	"ocultar_relatorio_administrativos" boolean DEFAULT false NOT NULL,
	"ver_custo_preco" boolean DEFAULT false NOT NULL,
	"ver_tipo_solucao" boolean DEFAULT false NOT NULL,
	"pode_analisar_proposta" boolean DEFAULT false NOT NULL,
	"pode_excluir_proposta" boolean DEFAULT false NOT NULL,
	"liberar_maximo_eixo_ma" boolean DEFAULT false NOT NULL,
	"adicionar_termo_referencia" boolean DEFAULT true NOT NULL,
	"editar_termo_referencia" boolean DEFAULT true NOT NULL,
	"excluir_termo_referencia" boolean DEFAULT true NOT NULL,
	"importar_termo_referencia" boolean DEFAULT true NOT NULL,
	"interromper_termo_referencia" boolean DEFAULT true NOT NULL,
	"exibir_filtro" boolean DEFAULT true NOT NULL,
	"ver_evolucao_municipio" boolean DEFAULT true NOT NULL,
	"ver_todos_eixos" boolean DEFAULT false NOT NULL,
	"visualiza_municipio" boolean DEFAULT false NOT NULL,
	"salvar_municipio" boolean DEFAULT true NOT NULL,
	"visualizar_logo" boolean DEFAULT true NOT NULL,
	"visualizar_pontos_medalha" boolean DEFAULT true NOT NULL,
	"visualiza_eixos_ids" text DEFAULT '[]' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_grupo_permissao" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"grupo_id" integer NOT NULL,
	"relatorio_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_permissao" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"usuario_id" integer NOT NULL,
	"municipio_id" integer,
	"eixo_id" integer,
	"permissao" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_permissao_solucao" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"usuario_id" integer NOT NULL,
	"municipio_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membro" (
	"membro_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"nome" text NOT NULL,
	"email" text,
	"telefone" text NOT NULL,
	"cpf" text,
	"cargo" text,
	"orgao" text,
	"instituicao_id" integer,
	"imagem_membro" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membro_grupo" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"grupo_id" integer NOT NULL,
	"membro_id" integer NOT NULL,
	"lider" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipio" (
	"municipio_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"uf" text NOT NULL,
	"codigo_ibge" text,
	"tipo" text DEFAULT 'municipio' NOT NULL,
	"status_id" integer,
	"status_contrato_id" integer,
	"projeto_id" integer,
	"status_relacionamento" integer DEFAULT 0 NOT NULL,
	"status_participacao" integer DEFAULT 0 NOT NULL,
	"tipo_programa" integer DEFAULT 2 NOT NULL,
	"selo" text,
	"pontos" integer DEFAULT 0 NOT NULL,
	"medalha" text,
	"imagem" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipio_grupo" (
	"grupo_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"nome" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projeto" (
	"projeto_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"uf" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status" (
	"status_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"status_nome" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_contrato" (
	"status_contrato_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eixo" (
	"eixo_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"nacional" boolean DEFAULT false NOT NULL,
	"projeto_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pergunta" (
	"tenant_id" text NOT NULL,
	"pergunta_id" integer NOT NULL,
	"numero" integer NOT NULL,
	"texto" text NOT NULL,
	"pontos" integer DEFAULT 0 NOT NULL,
	"evidencia" boolean DEFAULT true NOT NULL,
	"recorrente" boolean DEFAULT false NOT NULL,
	"possui_comentario" boolean DEFAULT false NOT NULL,
	"tema_id" integer NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pergunta_tenant_id_pergunta_id_pk" PRIMARY KEY("tenant_id","pergunta_id")
);
--> statement-breakpoint
CREATE TABLE "pergunta_municipio" (
	"pergunta_municipio_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"pergunta_id" integer NOT NULL,
	"municipio_id" integer NOT NULL,
	"eixo_id" integer NOT NULL,
	"resposta" boolean,
	"tem_arquivo" boolean DEFAULT false NOT NULL,
	"evidencia" text,
	"evidenciada" boolean DEFAULT false NOT NULL,
	"rejeitada" boolean DEFAULT false NOT NULL,
	"quantidade_arquivo" integer DEFAULT 0 NOT NULL,
	"quantidade_arquivo_dados_complementares" integer DEFAULT 0 NOT NULL,
	"atualizacao_atendentes" integer,
	"valor_informado" numeric(14, 2),
	"pergunta_faixa_resposta_id" integer,
	"qtd_rejeicao" integer DEFAULT 0 NOT NULL,
	"prazo_reenvio" date,
	"salvo" boolean DEFAULT false NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tema" (
	"tema_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL,
	"eixo_id" integer NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidencia" (
	"evidencia_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"tarefa_id" integer NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grupo_solucao" (
	"grupo_solucao_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"projeto_id" integer NOT NULL,
	"eixo_id" integer,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"tipo" text,
	"desabilitado" boolean DEFAULT false NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipio_evidencia" (
	"municipio_evidencia_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_tarefa_id" integer NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"desabilitado" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipio_grupo_solucao" (
	"municipio_grupo_solucao_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"grupo_solucao_id" integer NOT NULL,
	"nome" text NOT NULL,
	"desabilitado" boolean DEFAULT false NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipio_solucao" (
	"municipio_solucao_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"solucao_id" integer NOT NULL,
	"municipio_grupo_solucao_id" integer NOT NULL,
	"nome" text NOT NULL,
	"justificativa" text,
	"data_inicio" date,
	"data_termino" date,
	"iniciada" boolean DEFAULT false NOT NULL,
	"finalizada" boolean DEFAULT false NOT NULL,
	"desabilitado" boolean DEFAULT false NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipio_tarefa" (
	"municipio_tarefa_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"municipio_solucao_id" integer NOT NULL,
	"tarefa_id" integer,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"horas" numeric(8, 2) DEFAULT 0 NOT NULL,
	"desabilitado" boolean DEFAULT false NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solucao" (
	"solucao_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"grupo_solucao_id" integer NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"custo" numeric(14, 2),
	"preco" numeric(14, 2),
	"solucao_tipo_id" integer,
	"monitoramento" integer DEFAULT 1 NOT NULL,
	"data_inicio" date,
	"data_termino" date,
	"visitas_presenciais" integer,
	"horas_previstas_visitas_presenciais" numeric(8, 2),
	"trabalhos_escritorio" integer,
	"horas_previstas_trabalhos_escritorio" numeric(8, 2),
	"carga_horaria" numeric(8, 2),
	"nao_computa_horas" boolean DEFAULT false NOT NULL,
	"desabilitado" boolean DEFAULT false NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solucao_tipo" (
	"solucao_tipo_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"nome" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tarefa" (
	"tarefa_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"solucao_id" integer NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"horas" numeric(8, 2) DEFAULT 0 NOT NULL,
	"desabilitado" boolean DEFAULT false NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "encontro" (
	"encontro_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"municipio_id" integer NOT NULL,
	"grupo_id" integer NOT NULL,
	"titulo" text,
	"inicio" timestamp with time zone NOT NULL,
	"fim" timestamp with time zone NOT NULL,
	"encontro_type" text DEFAULT 'encontro' NOT NULL,
	"local" text,
	"criado_por_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "encontro_convidado" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"encontro_id" integer NOT NULL,
	"membro_id" integer NOT NULL,
	"confirmado" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "encontro_tarefa" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"encontro_id" integer NOT NULL,
	"municipio_tarefa_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "configuracao" ADD CONSTRAINT "configuracao_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_falha" ADD CONSTRAINT "login_falha_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_senha" ADD CONSTRAINT "token_senha_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_senha" ADD CONSTRAINT "token_senha_usuario_id_usuario_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_grupo_id_usuario_grupo_grupo_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."usuario_grupo"("grupo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_grupo" ADD CONSTRAINT "usuario_grupo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_grupo_permissao" ADD CONSTRAINT "usuario_grupo_permissao_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_grupo_permissao" ADD CONSTRAINT "usuario_grupo_permissao_grupo_id_usuario_grupo_grupo_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."usuario_grupo"("grupo_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_permissao" ADD CONSTRAINT "usuario_permissao_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_permissao" ADD CONSTRAINT "usuario_permissao_usuario_id_usuario_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_permissao" ADD CONSTRAINT "usuario_permissao_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_permissao" ADD CONSTRAINT "usuario_permissao_eixo_id_eixo_eixo_id_fk" FOREIGN KEY ("eixo_id") REFERENCES "public"."eixo"("eixo_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_permissao_solucao" ADD CONSTRAINT "usuario_permissao_solucao_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_permissao_solucao" ADD CONSTRAINT "usuario_permissao_solucao_usuario_id_usuario_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("usuario_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_permissao_solucao" ADD CONSTRAINT "usuario_permissao_solucao_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membro" ADD CONSTRAINT "membro_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membro" ADD CONSTRAINT "membro_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membro_grupo" ADD CONSTRAINT "membro_grupo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membro_grupo" ADD CONSTRAINT "membro_grupo_grupo_id_municipio_grupo_grupo_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."municipio_grupo"("grupo_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membro_grupo" ADD CONSTRAINT "membro_grupo_membro_id_membro_membro_id_fk" FOREIGN KEY ("membro_id") REFERENCES "public"."membro"("membro_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio" ADD CONSTRAINT "municipio_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio" ADD CONSTRAINT "municipio_status_id_status_status_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."status"("status_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio" ADD CONSTRAINT "municipio_status_contrato_id_status_contrato_status_contrato_id_fk" FOREIGN KEY ("status_contrato_id") REFERENCES "public"."status_contrato"("status_contrato_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio" ADD CONSTRAINT "municipio_projeto_id_projeto_projeto_id_fk" FOREIGN KEY ("projeto_id") REFERENCES "public"."projeto"("projeto_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_grupo" ADD CONSTRAINT "municipio_grupo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_grupo" ADD CONSTRAINT "municipio_grupo_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projeto" ADD CONSTRAINT "projeto_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status" ADD CONSTRAINT "status_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_contrato" ADD CONSTRAINT "status_contrato_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eixo" ADD CONSTRAINT "eixo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eixo" ADD CONSTRAINT "eixo_projeto_id_projeto_projeto_id_fk" FOREIGN KEY ("projeto_id") REFERENCES "public"."projeto"("projeto_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pergunta" ADD CONSTRAINT "pergunta_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pergunta" ADD CONSTRAINT "pergunta_tema_id_tema_tema_id_fk" FOREIGN KEY ("tema_id") REFERENCES "public"."tema"("tema_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pergunta_municipio" ADD CONSTRAINT "pergunta_municipio_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pergunta_municipio" ADD CONSTRAINT "pergunta_municipio_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pergunta_municipio" ADD CONSTRAINT "pergunta_municipio_eixo_id_eixo_eixo_id_fk" FOREIGN KEY ("eixo_id") REFERENCES "public"."eixo"("eixo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tema" ADD CONSTRAINT "tema_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tema" ADD CONSTRAINT "tema_eixo_id_eixo_eixo_id_fk" FOREIGN KEY ("eixo_id") REFERENCES "public"."eixo"("eixo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidencia" ADD CONSTRAINT "evidencia_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidencia" ADD CONSTRAINT "evidencia_tarefa_id_tarefa_tarefa_id_fk" FOREIGN KEY ("tarefa_id") REFERENCES "public"."tarefa"("tarefa_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_solucao" ADD CONSTRAINT "grupo_solucao_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_solucao" ADD CONSTRAINT "grupo_solucao_projeto_id_projeto_projeto_id_fk" FOREIGN KEY ("projeto_id") REFERENCES "public"."projeto"("projeto_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_solucao" ADD CONSTRAINT "grupo_solucao_eixo_id_eixo_eixo_id_fk" FOREIGN KEY ("eixo_id") REFERENCES "public"."eixo"("eixo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_evidencia" ADD CONSTRAINT "municipio_evidencia_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_evidencia" ADD CONSTRAINT "municipio_evidencia_municipio_tarefa_id_municipio_tarefa_municipio_tarefa_id_fk" FOREIGN KEY ("municipio_tarefa_id") REFERENCES "public"."municipio_tarefa"("municipio_tarefa_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_grupo_solucao" ADD CONSTRAINT "municipio_grupo_solucao_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_grupo_solucao" ADD CONSTRAINT "municipio_grupo_solucao_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_grupo_solucao" ADD CONSTRAINT "municipio_grupo_solucao_grupo_solucao_id_grupo_solucao_grupo_solucao_id_fk" FOREIGN KEY ("grupo_solucao_id") REFERENCES "public"."grupo_solucao"("grupo_solucao_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_solucao" ADD CONSTRAINT "municipio_solucao_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_solucao" ADD CONSTRAINT "municipio_solucao_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_solucao" ADD CONSTRAINT "municipio_solucao_solucao_id_solucao_solucao_id_fk" FOREIGN KEY ("solucao_id") REFERENCES "public"."solucao"("solucao_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_solucao" ADD CONSTRAINT "municipio_solucao_municipio_grupo_solucao_id_municipio_grupo_solucao_municipio_grupo_solucao_id_fk" FOREIGN KEY ("municipio_grupo_solucao_id") REFERENCES "public"."municipio_grupo_solucao"("municipio_grupo_solucao_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_tarefa" ADD CONSTRAINT "municipio_tarefa_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_tarefa" ADD CONSTRAINT "municipio_tarefa_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_tarefa" ADD CONSTRAINT "municipio_tarefa_municipio_solucao_id_municipio_solucao_municipio_solucao_id_fk" FOREIGN KEY ("municipio_solucao_id") REFERENCES "public"."municipio_solucao"("municipio_solucao_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipio_tarefa" ADD CONSTRAINT "municipio_tarefa_tarefa_id_tarefa_tarefa_id_fk" FOREIGN KEY ("tarefa_id") REFERENCES "public"."tarefa"("tarefa_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solucao" ADD CONSTRAINT "solucao_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solucao" ADD CONSTRAINT "solucao_grupo_solucao_id_grupo_solucao_grupo_solucao_id_fk" FOREIGN KEY ("grupo_solucao_id") REFERENCES "public"."grupo_solucao"("grupo_solucao_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solucao" ADD CONSTRAINT "solucao_solucao_tipo_id_solucao_tipo_solucao_tipo_id_fk" FOREIGN KEY ("solucao_tipo_id") REFERENCES "public"."solucao_tipo"("solucao_tipo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solucao_tipo" ADD CONSTRAINT "solucao_tipo_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa" ADD CONSTRAINT "tarefa_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa" ADD CONSTRAINT "tarefa_solucao_id_solucao_solucao_id_fk" FOREIGN KEY ("solucao_id") REFERENCES "public"."solucao"("solucao_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encontro" ADD CONSTRAINT "encontro_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encontro" ADD CONSTRAINT "encontro_municipio_id_municipio_municipio_id_fk" FOREIGN KEY ("municipio_id") REFERENCES "public"."municipio"("municipio_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encontro" ADD CONSTRAINT "encontro_grupo_id_municipio_grupo_grupo_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."municipio_grupo"("grupo_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encontro_convidado" ADD CONSTRAINT "encontro_convidado_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encontro_convidado" ADD CONSTRAINT "encontro_convidado_encontro_id_encontro_encontro_id_fk" FOREIGN KEY ("encontro_id") REFERENCES "public"."encontro"("encontro_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encontro_convidado" ADD CONSTRAINT "encontro_convidado_membro_id_membro_membro_id_fk" FOREIGN KEY ("membro_id") REFERENCES "public"."membro"("membro_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encontro_tarefa" ADD CONSTRAINT "encontro_tarefa_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encontro_tarefa" ADD CONSTRAINT "encontro_tarefa_encontro_id_encontro_encontro_id_fk" FOREIGN KEY ("encontro_id") REFERENCES "public"."encontro"("encontro_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encontro_tarefa" ADD CONSTRAINT "encontro_tarefa_municipio_tarefa_id_municipio_tarefa_municipio_tarefa_id_fk" FOREIGN KEY ("municipio_tarefa_id") REFERENCES "public"."municipio_tarefa"("municipio_tarefa_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_falha_tenant_id_chave_criado_em_index" ON "login_falha" USING btree ("tenant_id","chave","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_tenant_id_email_index" ON "usuario" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_tenant_id_cpf_index" ON "usuario" USING btree ("tenant_id","cpf");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_grupo_tenant_id_nome_index" ON "usuario_grupo" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_grupo_permissao_grupo_id_relatorio_id_index" ON "usuario_grupo_permissao" USING btree ("grupo_id","relatorio_id");--> statement-breakpoint
CREATE INDEX "usuario_permissao_usuario_id_index" ON "usuario_permissao" USING btree ("usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_permissao_solucao_usuario_id_municipio_id_index" ON "usuario_permissao_solucao" USING btree ("usuario_id","municipio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membro_tenant_id_telefone_index" ON "membro" USING btree ("tenant_id","telefone");--> statement-breakpoint
CREATE INDEX "membro_municipio_id_index" ON "membro" USING btree ("municipio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membro_grupo_grupo_id_membro_id_index" ON "membro_grupo" USING btree ("grupo_id","membro_id");--> statement-breakpoint
CREATE UNIQUE INDEX "municipio_tenant_id_nome_uf_index" ON "municipio" USING btree ("tenant_id","nome","uf");--> statement-breakpoint
CREATE INDEX "municipio_tenant_id_index" ON "municipio" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "municipio_grupo_municipio_id_nome_index" ON "municipio_grupo" USING btree ("municipio_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "status_tenant_id_status_nome_index" ON "status" USING btree ("tenant_id","status_nome");--> statement-breakpoint
CREATE UNIQUE INDEX "status_contrato_tenant_id_nome_index" ON "status_contrato" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "eixo_tenant_id_nome_index" ON "eixo" USING btree ("tenant_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "pergunta_municipio_municipio_id_pergunta_id_index" ON "pergunta_municipio" USING btree ("municipio_id","pergunta_id");--> statement-breakpoint
CREATE INDEX "pergunta_municipio_tenant_id_pergunta_id_index" ON "pergunta_municipio" USING btree ("tenant_id","pergunta_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tema_eixo_id_nome_index" ON "tema" USING btree ("eixo_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "grupo_solucao_projeto_id_nome_index" ON "grupo_solucao" USING btree ("projeto_id","nome");--> statement-breakpoint
CREATE INDEX "municipio_grupo_solucao_municipio_id_index" ON "municipio_grupo_solucao" USING btree ("municipio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "municipio_grupo_solucao_municipio_id_grupo_solucao_id_index" ON "municipio_grupo_solucao" USING btree ("municipio_id","grupo_solucao_id");--> statement-breakpoint
CREATE INDEX "municipio_solucao_municipio_id_index" ON "municipio_solucao" USING btree ("municipio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "municipio_solucao_municipio_id_solucao_id_index" ON "municipio_solucao" USING btree ("municipio_id","solucao_id");--> statement-breakpoint
CREATE INDEX "municipio_tarefa_municipio_id_index" ON "municipio_tarefa" USING btree ("municipio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "solucao_grupo_solucao_id_nome_index" ON "solucao" USING btree ("grupo_solucao_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "tarefa_solucao_id_nome_index" ON "tarefa" USING btree ("solucao_id","nome");--> statement-breakpoint
CREATE INDEX "encontro_municipio_id_inicio_index" ON "encontro" USING btree ("municipio_id","inicio");--> statement-breakpoint
CREATE UNIQUE INDEX "encontro_convidado_encontro_id_membro_id_index" ON "encontro_convidado" USING btree ("encontro_id","membro_id");--> statement-breakpoint
CREATE UNIQUE INDEX "encontro_tarefa_encontro_id_municipio_tarefa_id_index" ON "encontro_tarefa" USING btree ("encontro_id","municipio_tarefa_id");