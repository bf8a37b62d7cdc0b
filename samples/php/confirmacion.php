<?php
// Receptor de la confirmación (canal POST): la firma, lo que la firma no cubre y su pedido.
// Uso: LLAVE_TERMINAL=... PEDIDOS=pedidos.txt php -S 127.0.0.1:8080 confirmacion.php

// transaccionAprobada -> estado del pedido, y a qué estados puede pasar cada uno (nunca hacia atrás).
const ESTADOS = ['1' => 'aprobada', '0' => 'pendiente', '-1' => 'rechazada', '2' => 'abortada', '3' => 'reversada'];
const SIGUIENTES = ['pendiente' => ['aprobada', 'rechazada', 'abortada', 'reversada'], 'aprobada' => ['reversada']];

function responder(int $estado, string $texto): never
{
    http_response_code($estado);
    header('Content-Type: text/plain; charset=utf-8');
    exit("$texto\n");
}

function campo(string $nombre): string
{
    $valor = $_POST[$nombre] ?? '';
    return is_string($valor) ? $valor : '';
}

if ($_SERVER['REQUEST_METHOD'] !== 'POST') {
    responder(405, '');
}
$llave = (string) getenv('LLAVE_TERMINAL');
if ($llave === '') {
    responder(500, 'FALTA_LLAVE_TERMINAL'); // sin llave ninguna firma prueba nada
}
$esperada = md5($llave . campo('codigoFactura') . campo('valorFactura') . campo('codigoAutorizacion'));
if (!hash_equals($esperada, strtolower(campo(getenv('CAMPO_FIRMA') ?: 'firmaPasarela')))) {
    responder(400, 'FIRMA_INVALIDA');
}

// La firma no cubre transaccionAprobada: solo un pago aprobado trae un código de autorización real
// (no vacío, ni 00000 o 00 de una tarjeta rechazada); uno reversado puede traer el del pago aprobado.
$estado = ESTADOS[campo('transaccionAprobada')] ?? null;
if ($estado === null) {
    responder(400, 'ESTADO_DESCONOCIDO');
}
$autoriza = !in_array(campo('codigoAutorizacion'), ['', '00000', '00'], true);
if ($estado !== 'reversada' && $autoriza !== ($estado === 'aprobada')) {
    responder(400, 'ESTADO_NO_CONCUERDA');
}

// Sus pedidos, una línea por pedido: "factura valor estado". En su tienda, su base de datos.
$archivo = fopen(getenv('PEDIDOS') ?: 'pedidos.txt', 'r+') ?: responder(500, 'SIN_ARCHIVO_DE_PEDIDOS');
flock($archivo, LOCK_EX); // una confirmación a la vez
$pedidos = [];
foreach (preg_split('/\R/', stream_get_contents($archivo), -1, PREG_SPLIT_NO_EMPTY) as $linea) {
    [$factura, $valor, $guardado] = preg_split('/\s+/', trim($linea));
    $pedidos[$factura] = ['valor' => $valor, 'estado' => $guardado];
}

// La firma une las partes sin separador: compare factura y valor con su pedido, no con la firma.
$pedido = $pedidos[campo('codigoFactura')] ?? null;
if ($pedido === null) {
    // Auténtica, pero de ningún pedido suyo: acúsela (200) y no entregue nada; con un error la pasarela la reintentaría.
    responder(200, 'PEDIDO_DESCONOCIDO');
}
if (campo('valorFactura') !== $pedido['valor']) {
    responder(400, 'VALOR_DISTINTO');
}
if ($estado === $pedido['estado']) {
    responder(200, 'REPETIDA');
}
if (!in_array($estado, SIGUIENTES[$pedido['estado']] ?? [], true)) {
    responder(409, 'CAMBIO_NO_PERMITIDO');
}
$pedidos[campo('codigoFactura')]['estado'] = $estado;
ftruncate($archivo, 0);
rewind($archivo);
foreach ($pedidos as $factura => $p) {
    fwrite($archivo, "$factura {$p['valor']} {$p['estado']}\n");
}
// Aquí, si $estado es 'aprobada', entregue el pedido: cada pedido llega a este punto una sola vez.
responder(200, 'OK');
