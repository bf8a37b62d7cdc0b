<?php
// Flujo REST: autenticar -> pago con tarjeta -> consulta del estado.
// Uso: URL_AUTENTICACION=... URL_API=... USUARIO_API=... CLAVE_API=... TERMINAL=... LLAVE_PUBLICA_PEM="$(cat llave.pem)" php flujo_rest.php

function llamar(string $url, array $cuerpo): array
{
    $curl = curl_init($url);
    curl_setopt_array($curl, [
        CURLOPT_POST => true,
        CURLOPT_HTTPHEADER => ['Content-Type: application/json'],
        CURLOPT_POSTFIELDS => json_encode($cuerpo),
        CURLOPT_RETURNTRANSFER => true,
    ]);
    $respuesta = curl_exec($curl);
    $estado = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
    curl_close($curl);
    if ($respuesta === false || $estado !== 200) {
        throw new RuntimeException("$url: HTTP $estado $respuesta");
    }
    return json_decode($respuesta, true);
}

// Los campos de la tarjeta van cifrados con RSA (PKCS#1 v1.5) y la llave pública de la pasarela, en hexadecimal.
function cifrar(string $texto): string
{
    openssl_public_encrypt($texto, $cifrado, getenv('LLAVE_PUBLICA_PEM'), OPENSSL_PKCS1_PADDING);
    return bin2hex($cifrado);
}

$terminal = getenv('TERMINAL');
$auth = llamar(getenv('URL_AUTENTICACION') . '/autenticar',
    ['usuario' => getenv('USUARIO_API'), 'clave' => getenv('CLAVE_API'), 'terminal' => $terminal]);
if ($auth['codigoRespuesta'] !== '0') {
    throw new RuntimeException("autenticar: codigoRespuesta {$auth['codigoRespuesta']}");
}
$token = $auth['tokenSeguridad'];

$referencia = 'PED-' . bin2hex(random_bytes(4));
$pago = llamar(getenv('URL_API') . '/confirmacionTransaccionMedioPago', [
    'MetodoPago' => ['Id' => '37', 'campo1' => cifrar('4111111111111111'), 'campo2' => cifrar('123'),
        'campo3' => cifrar('2027'), 'campo4' => cifrar('12'), 'campo5' => '1'],
    'Referencia' => $referencia,
    'Valortotal' => '150000',
    'Valorbase' => '0',
    'Valoriva' => '0',
    'Descripcion' => 'Compra de prueba',
    'Correo' => 'ana.perez@example.com',
    'Nombre' => 'Ana',
    'Apellido' => 'Pérez',
    'Documento' => '1020304050',
    'tipoDocumento' => '1',
    'Terminal' => $terminal,
    'tokenSeguridad' => $token,
]);
echo "pago: CodigoRespuesta {$pago['CodigoRespuesta']}, estado {$pago['estado']}, CodigoSeguimiento {$pago['CodigoSeguimiento']}\n";

$estado = llamar(getenv('URL_API') . '/consultarEstadoTransaccion', [
    'terminal' => $terminal,
    'referencia' => $referencia,
    'codigoSeguimiento' => $pago['CodigoSeguimiento'],
    'tokenSeguridad' => $token,
    'estadoPago' => true,
    'valorTotal' => true,
]);
echo "consulta: codigoRespuesta {$estado['codigoRespuesta']}, estadoPago {$estado['estadoPago']}, valorTotal {$estado['valorTotal']}\n";
