<?php
// SOAP: listarBancos (bancos de PSE). El token sale de /autenticar (vea flujo_rest.php).
// Uso: URL_SOAP=.../ServicioPagos TERMINAL=... TOKEN_SEGURIDAD=... php listar_bancos.php

$sobre = sprintf(<<<'XML'
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:pag="urn:integraciones:pagos">
  <soapenv:Body>
    <pag:listarBancos>
      <pag:idMetodoPago>41</pag:idMetodoPago>
      <pag:terminal>%s</pag:terminal>
      <pag:accessToken>%s</pag:accessToken>
    </pag:listarBancos>
  </soapenv:Body>
</soapenv:Envelope>
XML, htmlspecialchars(getenv('TERMINAL')), htmlspecialchars(getenv('TOKEN_SEGURIDAD')));

$curl = curl_init(getenv('URL_SOAP'));
curl_setopt_array($curl, [
    CURLOPT_POST => true,
    CURLOPT_HTTPHEADER => ['Content-Type: text/xml; charset=utf-8', 'SOAPAction: "urn:integraciones:pagos/listarBancos"'],
    CURLOPT_POSTFIELDS => $sobre,
    CURLOPT_RETURNTRANSFER => true,
]);
$respuesta = curl_exec($curl);
$estado = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
if ($respuesta === false || $estado !== 200) {
    throw new RuntimeException("listarBancos: HTTP $estado $respuesta");
}

$xml = simplexml_load_string($respuesta);
$xml->registerXPathNamespace('pag', 'urn:integraciones:pagos');
foreach ($xml->xpath('//pag:banco') as $banco) {
    if ((string) $banco->codigoBanco === '0') {
        continue; // codigoBanco 0 no es un banco: es el texto de la primera opción de su lista ("A continuación seleccione su banco").
    }
    echo $banco->codigoBanco, ' ', $banco->nombreBanco, "\n";
}
