<?php
// Formulario firmado del pago normal (canal POST), hecho en el servidor del comercio.
// Uso: LLAVE_TERMINAL=... USUARIO_COMERCIO=... URL_PAGINA_COMPRA=... php pago.php [instante ISO 8601]

function checksum(string $factura, string $valor, string $llave): string
{
    // valor entero, sin decimales: "150000.50" -> "150000"
    return hash('sha512', $factura . explode('.', $valor)[0] . $llave);
}

function tokenSeguridad(string $llave, DateTimeInterface $instante): string
{
    $hora = DateTimeImmutable::createFromInterface($instante)
        ->setTimezone(new DateTimeZone('-05:00'))
        ->format('H:i');
    return md5($llave . $hora);
}

function md5ValidacionValor(string $llave, string $valor): string
{
    return md5($llave . $valor);
}

function formularioPago(array $compra, DateTimeInterface $instante): string
{
    $llave = getenv('LLAVE_TERMINAL') ?: exit("Falta la variable de entorno LLAVE_TERMINAL\n");
    $campos = [
        'usuario' => getenv('USUARIO_COMERCIO') ?: '',
        'factura' => $compra['factura'],
        'valor' => $compra['valor'],
        'descripcionFactura' => $compra['descripcionFactura'],
        'checksum' => checksum($compra['factura'], $compra['valor'], $llave),
        'tokenSeguridad' => tokenSeguridad($llave, $instante),
        'md5ValidacionValor' => md5ValidacionValor($llave, $compra['valor']),
    ] + $compra['comprador'];

    $html = sprintf("<form action=\"%s\" method=\"post\" accept-charset=\"utf-8\">\n",
        htmlspecialchars(getenv('URL_PAGINA_COMPRA') ?: ''));
    foreach ($campos as $nombre => $valor) {
        $html .= sprintf("  <input type=\"hidden\" name=\"%s\" value=\"%s\">\n", $nombre, htmlspecialchars($valor));
    }
    return $html . "  <button type=\"submit\">Pagar</button>\n</form>\n";
}

echo formularioPago([
    'factura' => 'FAC-000123',
    'valor' => '150000',
    'descripcionFactura' => 'Compra de prueba',
    'comprador' => [
        'tipoDocumento' => 'CC',
        'documentoComprador' => '1020304050',
        'nombreComprador' => 'Ana',
        'apellidoComprador' => 'Pérez',
        'correoComprador' => 'ana.perez@example.com',
        'celularComprador' => '3001234567',
        'direccionComprador' => 'Calle 10 # 20-30',
    ],
], new DateTimeImmutable($argv[1] ?? 'now'));
