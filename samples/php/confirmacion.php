<?php
// Receptor de la confirmación (canal POST). Uso: LLAVE_TERMINAL=... php -S 127.0.0.1:8080 confirmacion.php

if ($_SERVER['REQUEST_METHOD'] !== 'POST') {
    http_response_code(405);
    exit;
}
$llave = getenv('LLAVE_TERMINAL');
$campoFirma = getenv('CAMPO_FIRMA') ?: 'firmaPasarela';

$esperada = md5($llave . ($_POST['codigoFactura'] ?? '') . ($_POST['valorFactura'] ?? '')
    . ($_POST['codigoAutorizacion'] ?? ''));
$recibida = strtolower((string) ($_POST[$campoFirma] ?? ''));

if ($llave === false || !hash_equals($esperada, $recibida)) {
    http_response_code(400);
    exit("firma no válida\n");
}

// Firma válida: registre el resultado (transaccionAprobada 1 aprobada, 0 pendiente,
// -1 rechazada, 2 abortada, 3 reversada) de la factura codigoFactura.
echo "OK\n";
