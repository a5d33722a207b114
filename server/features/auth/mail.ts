/** Every mail the auth feature sends, in one place: subject and text, given what they show. */

/** Recovery or first-access link: the password link mail, whose wording depends on which it is. */
export function passwordLinkMail(user: { nome: string }, link: string, creating: boolean): { subject: string; text: string } {
  return {
    subject: creating ? 'Cidade Empreendedora: crie sua senha' : 'Cidade Empreendedora: redefinição de senha',
    text: [
      `Olá, ${user.nome}.`,
      '',
      creating
        ? 'Para criar sua senha de acesso, abra o link abaixo:'
        : 'Recebemos um pedido para redefinir sua senha. Para criar uma nova senha, abra o link abaixo:',
      link,
      '',
      `O link vale por ${creating ? '72 horas' : '1 hora'} e pode ser usado uma única vez.`,
      'Se você não fez este pedido, ignore este e-mail: sua senha continua a mesma.',
    ].join('\n'),
  };
}
