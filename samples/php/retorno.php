<?php
// Página de respuesta (canal POST): a ella vuelve el comprador con las variables de respuesta.
// Uso: LLAVE_TERMINAL=... php -S 127.0.0.1:8081 retorno.php
// Solo informa al comprador: el pedido se entrega por la confirmación (confirmacion.php), nunca desde aquí.

const MENSAJES = [
    '1' => 'Pago aprobado: su pedido sale cuando llegue la confirmación.',
    '0' => 'Pago pendiente: le avisaremos cuando se confirme.',
    '-1' => 'El pago no se aprobó.',
    '2' => 'El pago no se completó.',
    '3' => 'El pago se reversó.',
];

function campo(string $nombre): string
{
    $valor = $_POST[$nombre] ?? ''; // solo el cuerpo: la dirección la puede cambiar cualquiera
    return is_string($valor) ? $valor : '';
}

// La respuesta pasa por el navegador del comprador: sin la firma y un estado que concuerde con el
// código de autorización (firmado), no le diga que pagó.
$llave = (string) getenv('LLAVE_TERMINAL');
$esperada = md5($llave . campo('codigoFactura') . campo('valorFactura') . campo('codigoAutorizacion'));
$estado = campo('transaccionAprobada');
$autoriza = !in_array(campo('codigoAutorizacion'), ['', '00000', '00'], true);
$verificada = $llave !== '' && hash_equals($esperada, strtolower(campo(getenv('CAMPO_FIRMA') ?: 'firmaPasarela')))
    && isset(MENSAJES[$estado]) && ($estado === '3' || $autoriza === ($estado === '1'));
$mensaje = $verificada ? MENSAJES[$estado] : 'No pudimos verificar esta respuesta: consulte el estado de su pedido.';

header('Content-Type: text/html; charset=utf-8');
$factura = htmlspecialchars(campo('codigoFactura'), ENT_QUOTES, 'UTF-8');
echo "<!doctype html>\n<html lang=\"es\"><meta charset=\"utf-8\"><title>Su compra</title>\n";
echo "<h1>Factura $factura</h1>\n<p>" . htmlspecialchars($mensaje, ENT_QUOTES, 'UTF-8') . "</p>\n</html>\n";
