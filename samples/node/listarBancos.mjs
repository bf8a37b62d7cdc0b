// SOAP: listarBancos (bancos de PSE). El token sale de /autenticar (vea flujoRest.mjs).
// Uso: URL_SOAP=.../ServicioPagos TERMINAL=... TOKEN_SEGURIDAD=... node listarBancos.mjs
const xml = (texto) => texto.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const sobre = `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:pag="urn:integraciones:pagos">
  <soapenv:Body>
    <pag:listarBancos>
      <pag:idMetodoPago>41</pag:idMetodoPago>
      <pag:terminal>${xml(process.env.TERMINAL)}</pag:terminal>
      <pag:accessToken>${xml(process.env.TOKEN_SEGURIDAD)}</pag:accessToken>
    </pag:listarBancos>
  </soapenv:Body>
</soapenv:Envelope>`;

const respuesta = await fetch(process.env.URL_SOAP, {
  method: 'POST',
  headers: {'content-type': 'text/xml; charset=utf-8', soapaction: '"urn:integraciones:pagos/listarBancos"'},
  body: sobre,
});
const texto = await respuesta.text();
if (!respuesta.ok) throw new Error(`listarBancos: HTTP ${respuesta.status} ${texto}`);

// Node no trae un lector de XML: para una respuesta tan simple bastan expresiones regulares
// (en una aplicación, una biblioteca SOAP o XML).
const valor = (banco, nombre) => new RegExp(`<(?:\\w+:)?${nombre}>([^<]*)<`).exec(banco)?.[1] ?? '';
for (const [, banco] of texto.matchAll(/<(?:\w+:)?banco>([\s\S]*?)<\/(?:\w+:)?banco>/g)) {
  if (valor(banco, 'codigoBanco') === '0') continue; // codigoBanco 0 no es un banco: es el texto de la primera opción de su lista ("A continuación seleccione su banco").
  console.log(valor(banco, 'codigoBanco'), valor(banco, 'nombreBanco'));
}
